import {
  cancelContentRequest,
  contentPreview,
  contentRequestDetail,
  contentRequestList,
  contentReviewQueue,
  decideContentItem,
  decideContentRequest,
  policyReasons,
  savePolicyReason,
  seriesList,
  submitContentRequest,
  type ContentItem,
  type ContentRequestDetail,
  type PolicyReason,
  type Power,
  type Series,
} from '@ads/contracts';
import { fakeEndpoint, fakeFetch, json } from '../../test/fake-fetch';
import { renderPages } from '../../test/render';
import ContentReviewPage from './pages/content-review-page';
import RequestApprovalsPage from './pages/request-approvals-page';

// Component tests of publisher content: a small in-memory server answering the contracts' calls
// (the real module is written against the same contracts), holding requests as they change.

const NOW = '2026-11-20T10:00:00.000Z';
const STAFF_PERSON = { id: 90, name: 'Sam Staff' };
const PUBLISHER_PERSON = { id: 6, name: 'Pat' };

export const PATHS = {
  list: contentRequestList.path,
  detail: contentRequestDetail.path,
  preview: contentPreview.path,
  submit: submitContentRequest.path,
  cancel: cancelContentRequest.path,
  decide: decideContentRequest.path,
  queue: contentReviewQueue.path,
  decideItem: decideContentItem.path,
  reasons: policyReasons.path,
  saveReason: savePolicyReason.path,
  seriesList: seriesList.path,
};

export const anItem = (videoId: number, overrides: Partial<ContentItem> = {}): ContentItem => ({
  videoId,
  videoName: `clip-${videoId}.mp4`,
  action: 'add',
  decision: 'pending',
  reason: null,
  note: null,
  decidedBy: null,
  decidedAt: null,
  video: {
    format: 'mp4',
    width: 1920,
    height: 1080,
    durationMs: 83_400,
    url: `/api/Video/File?id=${videoId}&exp=1&sig=x`,
    posterUrl: `/api/Video/Poster?id=${videoId}&exp=1&sig=x`,
    inRecycleBin: false,
  },
  ...overrides,
});

const countsOf = (items: ContentItem[]) => ({
  total: items.length,
  approved: items.filter((item) => item.decision === 'approved').length,
  rejected: items.filter((item) => item.decision === 'rejected').length,
  pending: items.filter((item) => item.decision === 'pending').length,
});

export const aContentRequest = (id: number, overrides: Partial<ContentRequestDetail> = {}): ContentRequestDetail => {
  const items = overrides.items ?? [anItem(id * 10 + 1), anItem(id * 10 + 2)];
  return {
    id,
    kind: 'publish',
    seriesId: id * 100,
    seriesName: `Series ${id}`,
    accountId: 2,
    accountName: 'Paper Cranes',
    status: 'pending',
    note: null,
    submittedBy: PUBLISHER_PERSON,
    submittedAt: '2026-11-18T09:30:00.000Z',
    decidedBy: null,
    decidedAt: null,
    decisionNote: null,
    version: 1,
    ...overrides,
    items,
    counts: countsOf(items),
  };
};

export const aReason = (id: number, label: string, labelZh = '', active = true): PolicyReason => ({ id, label, labelZh, active, version: 1 });

export const aSeries = (id: number, name: string, overrides: Partial<Series> = {}): Series => ({
  id,
  name,
  videoCount: 2,
  publishedAt: null,
  pendingContentRequestId: null,
  version: 1,
  createdAt: NOW,
  updatedAt: NOW,
  ...overrides,
});

type Preview = { kind: 'publish' | 'update'; add: { videoId: number; videoName: string }[]; remove: { videoId: number; videoName: string }[] };

const notFound = () => json(404, { errorCode: 'NOT_FOUND', error: 'The request was not found.' });
const stale = () => json(409, { errorCode: 'STALE_VERSION', error: 'The request was changed meanwhile.' });
const notPending = (request: ContentRequestDetail) => json(409, { errorCode: 'REQUEST_STATE', error: 'The request is no longer pending.', status: request.status });

/** Requests listed, shown, filed and decided as the server would, with the reasons and series given. */
export function fakeContentServer({
  requests: initial = [] as ContentRequestDetail[],
  reasons: initialReasons = [] as PolicyReason[],
  series = [] as Series[],
  previews = {} as Record<number, Preview>,
} = {}) {
  const requests = structuredClone(initial);
  const reasons = structuredClone(initialReasons);
  let nextId = 500;
  const find = (id: number) => requests.find((request) => request.id === id);
  const settle = (request: ContentRequestDetail) => {
    request.counts = countsOf(request.items);
    if (request.counts.pending === 0) {
      request.status = request.counts.rejected > 0 ? 'rejected' : 'approved';
      request.decidedAt = NOW;
      request.decidedBy = STAFF_PERSON;
    }
    request.version += 1;
    return request;
  };
  const reasonRef = (id: number | undefined) => {
    const reason = reasons.find((item) => item.id === id);
    return reason ? { id: reason.id, label: reason.label, labelZh: reason.labelZh } : null;
  };
  const server = fakeFetch({
    ...fakeEndpoint(contentRequestList, ({ status, search, sort, order, page, pageSize }) => {
      let items = requests.filter(
        (request) =>
          (!status?.length || status.includes(request.status)) &&
          (!search || [request.seriesName, request.accountName].some((text) => text.toLowerCase().includes(search.toLowerCase()))),
      );
      items = [...items].sort((a, b) => String(a[sort] ?? '').localeCompare(String(b[sort] ?? '')) * (order === 'asc' ? 1 : -1) || b.id - a.id);
      const rows = items.slice((page - 1) * pageSize, page * pageSize).map(({ items: _videos, ...row }) => row);
      return { items: rows, total: items.length, page, pageSize };
    }),
    ...fakeEndpoint(contentRequestDetail, ({ id }) => find(id) ?? notFound()),
    ...fakeEndpoint(contentPreview, ({ seriesId }) => {
      const pending = requests.find((request) => request.seriesId === seriesId && request.status === 'pending');
      return { ...(previews[seriesId] ?? ({ kind: 'publish', add: [], remove: [] } satisfies Preview)), pendingRequestId: pending?.id ?? null };
    }),
    ...fakeEndpoint(submitContentRequest, ({ seriesId, note }) => {
      const pending = requests.find((request) => request.seriesId === seriesId && request.status === 'pending');
      if (pending) return json(409, { errorCode: 'CONTENT_REQUEST_PENDING', error: 'A request is pending already.', requestId: pending.id });
      const plan = previews[seriesId];
      if (!plan || plan.add.length + plan.remove.length === 0) return json(409, { errorCode: 'NOTHING_TO_SUBMIT', error: 'Nothing to submit.' });
      const filed = aContentRequest(nextId++, {
        kind: plan.kind,
        seriesId,
        seriesName: series.find((item) => item.id === seriesId)?.name ?? `Series ${seriesId}`,
        note: note ?? null,
        submittedAt: NOW,
        items: [...plan.add.map((video) => anItem(video.videoId, { videoName: video.videoName })), ...plan.remove.map((video) => anItem(video.videoId, { videoName: video.videoName, action: 'remove' }))],
      });
      requests.push(filed);
      return filed;
    }),
    ...fakeEndpoint(cancelContentRequest, ({ id, version }) => {
      const request = find(id);
      if (!request) return notFound();
      if (request.version !== version) return stale();
      if (request.status !== 'pending') return notPending(request);
      return Object.assign(request, { status: 'cancelled', decidedAt: NOW, decidedBy: PUBLISHER_PERSON, version: request.version + 1 });
    }),
    ...fakeEndpoint(decideContentRequest, ({ id, version, decision, reasonId, note }) => {
      const request = find(id);
      if (!request) return notFound();
      if (request.version !== version) return stale();
      if (request.status !== 'pending') return notPending(request);
      if (decision === 'rejected' && !reasonRef(reasonId)) return json(400, { errorCode: 'VALIDATION_FAILED', error: 'Bad reason', fields: { reasonId: 'Please choose a reason.' } });
      for (const item of request.items.filter((video) => video.decision === 'pending')) {
        Object.assign(item, { decision, reason: decision === 'rejected' ? reasonRef(reasonId) : null, note: note ?? null, decidedAt: NOW, decidedBy: STAFF_PERSON });
      }
      request.decisionNote = note ?? null;
      return settle(request);
    }),
    ...fakeEndpoint(contentReviewQueue, ({ search, page, pageSize }) => {
      const items = requests
        .filter((request) => request.status === 'pending')
        .sort((a, b) => a.submittedAt.localeCompare(b.submittedAt) || a.id - b.id)
        .flatMap((request) =>
          // As the server: every video of a pending request, those decided already too.
          request.items.map((item) => ({
              ...item,
              requestId: request.id,
              requestVersion: request.version,
              kind: request.kind,
              seriesId: request.seriesId,
              seriesName: request.seriesName,
              accountId: request.accountId,
              accountName: request.accountName,
            submittedAt: request.submittedAt,
          })),
        )
        .filter((item) => !search || [item.videoName, item.seriesName, item.accountName].some((text) => text.toLowerCase().includes(search.toLowerCase())));
      return { items: items.slice((page - 1) * pageSize, page * pageSize), total: items.length, page, pageSize };
    }),
    ...fakeEndpoint(decideContentItem, ({ requestId, version, videoId, decision, reasonId, note }) => {
      const request = find(requestId);
      if (!request) return notFound();
      if (request.version !== version) return stale();
      if (request.status !== 'pending') return notPending(request);
      const item = request.items.find((video) => video.videoId === videoId);
      if (!item) return notFound();
      Object.assign(item, { decision, reason: decision === 'rejected' ? reasonRef(reasonId) : null, note: note ?? null, decidedAt: NOW, decidedBy: STAFF_PERSON });
      return settle(request);
    }),
    ...fakeEndpoint(policyReasons, ({ all }) => ({ items: reasons.filter((reason) => all || reason.active) })),
    ...fakeEndpoint(savePolicyReason, ({ id, version, label, labelZh, active }) => {
      if (reasons.some((reason) => reason.label.toLowerCase() === label.toLowerCase() && reason.id !== id)) {
        return json(409, { errorCode: 'NAME_TAKEN', error: 'A reason with this label exists.' });
      }
      if (id === undefined) {
        const added = aReason(nextId++, label, labelZh, active);
        reasons.push(added);
        return added;
      }
      const reason = reasons.find((item) => item.id === id);
      if (!reason) return notFound();
      if (reason.version !== version) return json(409, { errorCode: 'STALE_VERSION', error: 'Changed meanwhile.' });
      return Object.assign(reason, { label, labelZh, active, version: reason.version + 1 });
    }),
    ...fakeEndpoint(seriesList, () => ({ items: series })),
  });
  return { ...server, requests, reasons, find };
}

export const STAFF_POWERS: Power[] = ['video.read', 'content.review'];
export const PUBLISHER_POWERS: Power[] = ['video.read', 'video.write', 'content.request'];

const APPROVALS = '/publisherContent/requestApprovals';
const REVIEW = '/publisherContent/contentReview';
const STAFF_USER = { role: 'MsInternal', accountKind: 'internal' as const, accountId: 9, accountName: 'Ads Platform Operations', email: 'staff@demo.test' };
const PUBLISHER_USER = { role: 'Publisher', accountKind: 'publisher' as const, accountId: 2, accountName: 'Paper Cranes', email: 'publisher@demo.test' };

const ROUTES = [
  { path: APPROVALS, element: <RequestApprovalsPage /> },
  { path: REVIEW, element: <ContentReviewPage /> },
];

/** Request Approvals in a memory router: staff, or a publisher. */
export function renderApprovals(query = '', { as = 'staff' as 'staff' | 'publisher' } = {}) {
  return renderPages({
    routes: ROUTES,
    path: `${APPROVALS}${query}`,
    powers: as === 'staff' ? STAFF_POWERS : PUBLISHER_POWERS,
    user: as === 'staff' ? STAFF_USER : PUBLISHER_USER,
  });
}

/** Content Review (staff) in a memory router. */
export function renderReview(query = '') {
  return renderPages({ routes: ROUTES, path: `${REVIEW}${query}`, powers: STAFF_POWERS, user: STAFF_USER });
}

export { dialogTitled } from '../../test/fixtures';
export { searchOf } from '../../test/render';
