import {
  approveStatusChange,
  cancelStatusChange,
  createStatusChange,
  rejectStatusChange,
  statusChangeDetail,
  statusChangeList,
  STATUS_CHANGE_RULES,
  type Power,
  type StatusChange,
} from '@ads/contracts';
import { fakeEndpoint, fakeFetch, json } from '../../../test/fake-fetch';
import { renderPages } from '../../../test/render';
import StatusManagementPage from '../pages/status-management-page';

// Component tests of request management: a small in-memory server answering the contracts' calls
// (the real module is written against the same contracts), holding requests as they change.

const NOW = '2026-11-20T10:00:00.000Z';

export const PATHS = {
  list: statusChangeList.path,
  detail: statusChangeDetail.path,
  create: createStatusChange.path,
  cancel: cancelStatusChange.path,
  approve: approveStatusChange.path,
  reject: rejectStatusChange.path,
};

const STAFF_PERSON = { id: 90, name: 'Sam Staff', email: 'staff@demo.test' };

export const aRequest = (id: number, overrides: Partial<StatusChange> = {}): StatusChange => ({
  id,
  kind: 'campaign.terminate',
  entity: 'campaign',
  entityId: id * 10,
  entityName: `Campaign ${id}`,
  fromStatus: 'active',
  toStatus: 'ended',
  entityStatus: 'active',
  accountId: 1,
  accountName: 'Contoso Coffee',
  accountKind: 'advertiser',
  status: 'pending',
  reason: `Reason ${id}`,
  decisionNote: null,
  requestedBy: { id: 5, name: 'Avery', email: 'advertiser@demo.test' },
  requestedAt: '2026-11-18T09:30:00.000Z',
  decidedBy: null,
  decidedAt: null,
  direct: false,
  version: 1,
  ...overrides,
});

const notFound = () => json(404, { errorCode: 'NOT_FOUND', error: 'The request was not found.' });
const stale = () => json(409, { errorCode: 'STALE_VERSION', error: 'The request was changed meanwhile.' });
const notPending = (request: StatusChange) => json(409, { errorCode: 'REQUEST_STATE', error: 'The request is no longer pending.', status: request.status });

/** Requests listed (by state, kind, entity, search, sorted, paged) and decided as the server would. */
export function fakeRequestServer(initial: StatusChange[] = [], { staff = false } = {}) {
  const requests = structuredClone(initial);
  let nextId = 500;
  const find = (id: number) => requests.find((request) => request.id === id);
  const decide = (request: StatusChange, changes: Partial<StatusChange>) =>
    Object.assign(request, { decidedBy: STAFF_PERSON, decidedAt: NOW, version: request.version + 1, ...changes });
  const server = fakeFetch({
    ...fakeEndpoint(statusChangeList, ({ status, kind, entity, entityId, search, sort, order, page, pageSize }) => {
      let items = requests.filter(
        (request) =>
          (!status?.length || status.includes(request.status)) &&
          (!kind?.length || kind.includes(request.kind)) &&
          (!entity || request.entity === entity) &&
          (!entityId || request.entityId === entityId) &&
          (!search || [request.entityName, request.accountName, request.reason].some((text) => text.toLowerCase().includes(search.toLowerCase()))),
      );
      items = [...items].sort((a, b) => String(a[sort] ?? '').localeCompare(String(b[sort] ?? '')) * (order === 'asc' ? 1 : -1) || b.id - a.id);
      return { items: items.slice((page - 1) * pageSize, page * pageSize), total: items.length, page, pageSize };
    }),
    ...fakeEndpoint(statusChangeDetail, ({ id }) => find(id) ?? notFound()),
    ...fakeEndpoint(createStatusChange, ({ kind, entityId, reason }) => {
      const pending = requests.find((request) => request.kind === kind && request.entityId === entityId && request.status === 'pending');
      if (pending) return json(409, { errorCode: 'STATUS_CHANGE_PENDING', error: 'A request is pending already.', requestId: pending.id });
      const rule = STATUS_CHANGE_RULES[kind];
      const filed = aRequest(nextId++, {
        kind,
        entity: rule.entity,
        entityId,
        reason,
        requestedAt: NOW,
        ...(staff ? { status: 'approved', direct: true, decidedAt: NOW, decidedBy: STAFF_PERSON, entityStatus: rule.to } : {}),
      });
      requests.push(filed);
      return filed;
    }),
    ...fakeEndpoint(cancelStatusChange, ({ id, version }) => {
      const request = find(id);
      if (!request) return notFound();
      if (request.version !== version) return stale();
      if (request.status !== 'pending') return notPending(request);
      return Object.assign(request, { status: 'cancelled', decidedAt: NOW, decidedBy: request.requestedBy, version: request.version + 1 });
    }),
    ...fakeEndpoint(approveStatusChange, ({ id, version, note }) => {
      const request = find(id);
      if (!request) return notFound();
      if (request.version !== version) return stale();
      if (request.status !== 'pending') return notPending(request);
      return decide(request, { status: 'approved', decisionNote: note ?? null, entityStatus: request.toStatus });
    }),
    ...fakeEndpoint(rejectStatusChange, ({ id, version, reason }) => {
      const request = find(id);
      if (!request) return notFound();
      if (request.version !== version) return stale();
      if (request.status !== 'pending') return notPending(request);
      return decide(request, { status: 'rejected', decisionNote: reason });
    }),
  });
  return { ...server, requests, find };
}

export const STAFF_POWERS: Power[] = ['request.create', 'request.review'];
export const REQUESTER_POWERS: Power[] = ['request.create'];

const PATH = '/requestManagement/statusManagement';

/** The request page in a memory router: staff, or an advertiser (or publisher) requester. */
export function renderRequests(query = '', { as = 'staff' as 'staff' | 'advertiser' | 'publisher' } = {}) {
  return renderPages({
    routes: [{ path: PATH, element: <StatusManagementPage /> }],
    path: `${PATH}${query}`,
    powers: as === 'staff' ? STAFF_POWERS : REQUESTER_POWERS,
    user:
      as === 'staff'
        ? { role: 'MsInternal', accountKind: 'internal', accountId: 9, accountName: 'Ads Platform Operations', email: 'staff@demo.test' }
        : as === 'publisher'
          ? { role: 'Publisher', accountKind: 'publisher', accountId: 2, accountName: 'Paper Cranes', email: 'publisher@demo.test' }
          : {},
  });
}

export { dialogTitled } from '../../../test/fixtures';
export { searchOf } from '../../../test/render';
