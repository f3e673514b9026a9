import {
  cancelContentRequest,
  contentPreview,
  contentRequestDetail,
  contentRequestList,
  contentReviewQueue,
  CONTENT_REQUEST_MAX_VIDEOS,
  decideContentItem,
  decideContentRequest,
  deleteVideos,
  NOTIFICATION_TYPES,
  notificationsList,
  policyReasons,
  savePolicyReason,
  seriesList,
  setVideoSeries,
  submitContentRequest,
  videoList,
  type ContentRequestDetail,
} from '@ads/contracts';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema/identity';
import { videoSeries, videos } from '../../db/schema/videos';
import { buildTestApp, type TestApp } from '../../test/test-app';
import type { Caller } from '../../test/typed-client';

const PASSWORD = 'Content-pass-42';

describe('publisher content requests', () => {
  let t: TestApp;
  let staff: Caller;
  let n = 0;
  let reasonId: number;

  const party = async (kind: 'publisher' | 'advertiser') => {
    n++;
    const email = `content-${kind}-${n}@example.com`;
    const { account, user } = await t.services.identity.createAccountWithUser({
      account: { name: `Content ${kind} ${n}`, kind },
      user: { email, name: `Publisher ${n}`, password: PASSWORD },
    });
    return { accountId: account.id, accountName: account.name, userId: user.id, caller: t.as({ email, password: PASSWORD }) };
  };
  type Party = Awaited<ReturnType<typeof party>>;

  /** A series with `count` videos (rows written directly: the upload path is the videos module's test). */
  const seriesWith = async (owner: Party, count: number) => {
    const [s] = await t.database.db.insert(videoSeries).values({ accountId: owner.accountId, name: `Series ${++n}` }).returning();
    const ids: number[] = [];
    for (let i = 0; i < count; i++) {
      const sha = `${n}-${i}-${Math.random()}`.padEnd(64, '0');
      const [v] = await t.database.db
        .insert(videos)
        .values({ accountId: owner.accountId, seriesId: s!.id, position: i + 1, name: `clip-${n}-${i}.mp4`, format: 'mp4', mime: 'video/mp4', width: 640, height: 360, durationMs: 5000, bytes: 100, sha256: sha, storageKey: `videos/${sha}`, posterKey: null })
        .returning({ id: videos.id });
      ids.push(v!.id);
    }
    return { seriesId: s!.id, name: s!.name, ids };
  };

  const submit = async (who: Party, seriesId: number) => {
    const res = await who.caller.call(submitContentRequest, { seriesId });
    expect(res.status, res.text).toBe(200);
    return res.body;
  };
  const inbox = async (caller: Caller) => {
    const res = await caller.ok(notificationsList, { pageSize: 200 });
    if (res.unchanged) throw new Error('asked without knownVersion');
    return res.infos;
  };
  const about = (infos: Awaited<ReturnType<typeof inbox>>, id: number, key: string) => infos.filter((i) => i.messageKey === key && i.params?.contentRequestId === id);
  const published = async (ids: number[]) =>
    (await t.database.db.select({ id: videos.id, at: videos.publishedAt, review: videos.reviewStatus }).from(videos).where(inArray(videos.id, ids))).sort((a, b) => a.id - b.id);
  const decideItem = (r: Pick<ContentRequestDetail, 'id' | 'version'>, videoId: number, decision: 'approved' | 'rejected', reason?: number) =>
    staff.call(decideContentItem, { requestId: r.id, version: r.version, videoId, decision, ...(reason ? { reasonId: reason } : {}) });

  beforeAll(async () => {
    t = await buildTestApp();
    staff = t.as('staff');
    const reasons = await staff.ok(policyReasons, {});
    expect(reasons.items.map((r) => r.label)).toContain('Copyright or rights not cleared');
    reasonId = reasons.items.find((r) => r.label === 'Copyright or rights not cleared')!.id;
  });
  afterAll(() => t.close());

  it("holds the demo's content: the publisher's News bulletins published, its Weather series waiting in staff's queue and Actions", async () => {
    const publisher = t.as('publisher');
    const series = (await publisher.ok(seriesList, {})).items;
    expect(series.find((s) => s.name === 'News bulletins')).toMatchObject({ publishedAt: expect.any(String), pendingContentRequestId: null });
    const weather = series.find((s) => s.name === 'Weather')!;
    expect(weather).toMatchObject({ publishedAt: null, pendingContentRequestId: expect.any(Number) });
    const mine = (await publisher.ok(contentRequestList, {})).items;
    expect(mine.map((r) => [r.seriesName, r.kind, r.status])).toEqual([
      ['Weather', 'publish', 'pending'],
      ['News bulletins', 'publish', 'approved'],
    ]);
    const queue = await staff.ok(contentReviewQueue, {});
    expect(queue.items.map((i) => [i.seriesName, i.videoName, i.decision])).toEqual([['Weather', 'weather-update.webm', 'pending']]);
    expect(queue.items[0]!.video?.posterUrl).toContain('variant=poster');
    expect(about(await inbox(staff), weather.pendingContentRequestId!, 'content.submitted')).toHaveLength(1);
    expect(about(await inbox(publisher), mine[1]!.id, 'content.approved')).toHaveLength(1);
    expect((await t.as('advertiser').ok(contentRequestList, {})).items).toEqual([]);
  });

  it('previews, submits (staff told, type 20), refuses a second or an empty submission, and cancels (the action settled)', async () => {
    const pub = await party('publisher');
    const empty = await seriesWith(pub, 0);
    expect(await pub.caller.ok(contentPreview, { seriesId: empty.seriesId })).toEqual({ kind: 'publish', add: [], remove: [], pendingRequestId: null });
    const none = await pub.caller.call(submitContentRequest, { seriesId: empty.seriesId });
    expect(none.status).toBe(409);
    expect(none.error.errorCode).toBe('NOTHING_TO_SUBMIT');

    const s = await seriesWith(pub, 2);
    const preview = await pub.caller.ok(contentPreview, { seriesId: s.seriesId });
    expect(preview).toMatchObject({ kind: 'publish', remove: [], pendingRequestId: null });
    expect(preview.add.map((a) => a.videoId)).toEqual(s.ids);

    const r = await submit(pub, s.seriesId);
    expect(r).toMatchObject({ kind: 'publish', status: 'pending', seriesId: s.seriesId, seriesName: s.name, accountId: pub.accountId, counts: { total: 2, pending: 2, approved: 0, rejected: 0 } });
    expect(r.items.map((i) => [i.videoId, i.action, i.decision])).toEqual(s.ids.map((id) => [id, 'add', 'pending']));
    expect(r.items[0]!.video).toMatchObject({ format: 'mp4', width: 640, inRecycleBin: false, url: expect.stringContaining('sig=') });
    const waiting = about(await inbox(staff), r.id, 'content.submitted');
    expect(waiting).toHaveLength(1);
    expect(waiting[0]).toMatchObject({ type: NOTIFICATION_TYPES.action, menuId: 313, params: { seriesName: s.name, accountName: pub.accountName, count: 2 } });

    const again = await pub.caller.call(submitContentRequest, { seriesId: s.seriesId });
    expect(again.status).toBe(409);
    expect(again.error).toMatchObject({ errorCode: 'CONTENT_REQUEST_PENDING', requestId: r.id });
    expect((await pub.caller.ok(contentPreview, { seriesId: s.seriesId })).pendingRequestId).toBe(r.id);
    expect((await pub.caller.ok(seriesList, {})).items.find((x) => x.id === s.seriesId)).toMatchObject({ pendingContentRequestId: r.id, publishedAt: null });

    expect((await pub.caller.call(cancelContentRequest, { id: r.id, version: r.version + 1 })).status).toBe(409);
    const cancelled = await pub.caller.ok(cancelContentRequest, { id: r.id, version: r.version });
    expect(cancelled).toMatchObject({ status: 'cancelled', version: r.version + 1 });
    const twice = await pub.caller.call(cancelContentRequest, { id: r.id, version: cancelled.version });
    expect(twice.error).toMatchObject({ errorCode: 'REQUEST_STATE', status: 'cancelled' });
    expect(about(await inbox(staff), r.id, 'content.submitted')).toHaveLength(0);
    expect((await t.database.db.select().from(auditLog).where(eq(auditLog.entityId, String(r.id)))).map((a) => a.action)).toEqual(
      expect.arrayContaining(['contentRequest.submit', 'contentRequest.cancel']),
    );
  });

  it('one pending request per series: of concurrent submissions one wins, the others name it', async () => {
    const pub = await party('publisher');
    const s = await seriesWith(pub, 1);
    const answers = await Promise.all([1, 2, 3].map(() => pub.caller.call(submitContentRequest, { seriesId: s.seriesId })));
    const won = answers.filter((a) => a.status === 200);
    expect(won).toHaveLength(1);
    for (const lost of answers.filter((a) => a.status !== 200)) expect(lost.error).toMatchObject({ errorCode: 'CONTENT_REQUEST_PENDING', requestId: won[0]!.body.id });
  });

  it('per-video decisions roll up: all approved publishes the series and its videos; the publisher is told (25), the action settled', async () => {
    const pub = await party('publisher');
    const s = await seriesWith(pub, 2);
    let r = await submit(pub, s.seriesId);
    const first = await decideItem(r, s.ids[0]!, 'approved');
    expect(first.status, first.text).toBe(200);
    expect(first.body).toMatchObject({ status: 'pending', counts: { approved: 1, pending: 1 }, version: r.version + 1 });
    // The old version is stale now.
    expect((await decideItem(r, s.ids[1]!, 'approved')).error.errorCode).toBe('STALE_VERSION');
    r = first.body;
    const queue = await staff.ok(contentReviewQueue, { accountId: pub.accountId });
    // The decided video left the queue; the other waits.
    expect(queue.items.map((i) => [i.requestId, i.videoId, i.decision])).toEqual([[r.id, s.ids[1], 'pending']]);
    expect(queue.items[0]).toMatchObject({ requestVersion: r.version, seriesName: s.name, accountName: pub.accountName, video: { url: expect.stringContaining('sig=') } });
    expect((await staff.ok(contentReviewQueue, { search: 'clip-no-such' })).total).toBe(0);

    const done = await decideItem(r, s.ids[1]!, 'approved');
    expect(done.body).toMatchObject({ status: 'approved', counts: { approved: 2, pending: 0 } });
    expect(done.body.decidedBy?.id).toBeGreaterThan(0);
    expect((await published(s.ids)).every((v) => v.at !== null && v.review === 'approved')).toBe(true);
    const series = (await pub.caller.ok(seriesList, {})).items.find((x) => x.id === s.seriesId)!;
    expect(series.publishedAt).not.toBeNull();
    expect(series.pendingContentRequestId).toBeNull();
    expect((await pub.caller.ok(videoList, { seriesId: s.seriesId })).items.every((v) => v.publishedAt !== null)).toBe(true);
    expect(about(await inbox(pub.caller), r.id, 'content.approved')[0]).toMatchObject({ type: NOTIFICATION_TYPES.approval, menuId: 210 });
    expect(about(await inbox(staff), r.id, 'content.submitted')).toHaveLength(0);
    // Nothing changed since: nothing to submit.
    expect((await pub.caller.call(submitContentRequest, { seriesId: s.seriesId })).error.errorCode).toBe('NOTHING_TO_SUBMIT');
    // A decided request takes no decision.
    expect((await decideItem(done.body, s.ids[0]!, 'rejected', reasonId)).error).toMatchObject({ errorCode: 'REQUEST_STATE', status: 'approved' });
  });

  it('one rejected video rejects the request: nothing published, the reasons passed on (type 10); a rejection needs an active reason', async () => {
    const pub = await party('publisher');
    const s = await seriesWith(pub, 2);
    let r = await submit(pub, s.seriesId);
    const noReason = await decideItem(r, s.ids[0]!, 'rejected');
    expect(noReason.status).toBe(400);
    expect(noReason.error.fields?.reasonId).toBeTruthy();
    expect((await decideItem(r, 999_999, 'approved')).status).toBe(404);
    r = (await decideItem(r, s.ids[0]!, 'rejected', reasonId)).body;
    const res = await decideItem(r, s.ids[1]!, 'approved');
    expect(res.body).toMatchObject({ status: 'rejected', counts: { approved: 1, rejected: 1 } });
    expect(res.body.items.find((i) => i.videoId === s.ids[0])).toMatchObject({ decision: 'rejected', reason: { id: reasonId, label: 'Copyright or rights not cleared' } });
    expect((await published(s.ids)).map((v) => [v.at, v.review])).toEqual([
      [null, 'rejected'],
      [null, 'approved'],
    ]);
    const [s1] = await t.database.db.select({ at: videoSeries.publishedAt }).from(videoSeries).where(eq(videoSeries.id, s.seriesId));
    expect(s1!.at).toBeNull();
    expect(about(await inbox(pub.caller), r.id, 'content.rejected')[0]).toMatchObject({
      type: NOTIFICATION_TYPES.event,
      menuId: 210,
      params: { rejected: 1, reasons: 'Copyright or rights not cleared' },
    });
    expect(about(await inbox(staff), r.id, 'content.submitted')).toHaveLength(0);
  });

  it('staff decide a whole request; concurrent decisions: one wins, the other answers 409', async () => {
    const pub = await party('publisher');
    const a = await seriesWith(pub, 3);
    const ra = await submit(pub, a.seriesId);
    const whole = await staff.call(decideContentRequest, { id: ra.id, version: ra.version, decision: 'rejected', reasonId, note: 'Not cleared' });
    expect(whole.body).toMatchObject({ status: 'rejected', decisionNote: 'Not cleared', counts: { rejected: 3 } });
    expect(whole.body.items.every((i) => i.reason?.id === reasonId)).toBe(true);

    const b = await seriesWith(pub, 2);
    const rb = await submit(pub, b.seriesId);
    const answers = await Promise.all([
      staff.call(decideContentRequest, { id: rb.id, version: rb.version, decision: 'approved' }),
      staff.call(decideContentRequest, { id: rb.id, version: rb.version, decision: 'rejected', reasonId }),
      decideItem(rb, b.ids[0]!, 'approved'),
    ]);
    expect(answers.filter((x) => x.status === 200)).toHaveLength(1);
    for (const lost of answers.filter((x) => x.status !== 200)) {
      expect(lost.status).toBe(409);
      expect(['STALE_VERSION', 'REQUEST_STATE']).toContain(lost.error.errorCode);
    }
    const after = await staff.ok(contentRequestDetail, { id: rb.id });
    expect(['approved', 'rejected', 'pending']).toContain(after.status);
    expect(after.version).toBe(rb.version + 1);
  });

  it('an update request takes out the videos moved away or deleted, and publishes the new ones', async () => {
    const pub = await party('publisher');
    const s = await seriesWith(pub, 3);
    const r = await submit(pub, s.seriesId);
    await staff.ok(decideContentRequest, { id: r.id, version: r.version, decision: 'approved' });
    const other = await seriesWith(pub, 1);
    // Moving or deleting a published video leaves it published until an update is approved.
    await pub.caller.ok(setVideoSeries, { ids: [s.ids[0]!], seriesId: other.seriesId });
    await pub.caller.ok(deleteVideos, { ids: [s.ids[1]!] });
    await pub.caller.ok(setVideoSeries, { ids: [other.ids[0]!], seriesId: s.seriesId });
    expect((await published([s.ids[0]!, s.ids[1]!])).every((v) => v.at !== null)).toBe(true);

    const preview = await pub.caller.ok(contentPreview, { seriesId: s.seriesId });
    expect(preview.kind).toBe('update');
    expect(preview.add.map((v) => v.videoId)).toEqual([other.ids[0]]);
    expect(preview.remove.map((v) => v.videoId).sort()).toEqual([s.ids[0], s.ids[1]].sort());
    const u = await submit(pub, s.seriesId);
    expect(u.kind).toBe('update');
    expect(u.items.find((i) => i.videoId === s.ids[1])?.video?.inRecycleBin).toBe(true);
    await staff.ok(decideContentRequest, { id: u.id, version: u.version, decision: 'approved' });
    const marks = await published([...s.ids, other.ids[0]!]);
    expect(marks.map((v) => v.at !== null)).toEqual([false, false, true, true]);
  });

  it('tenancy: another publisher sees none of it (404), advertisers see an empty list; neither decides (403)', async () => {
    const pub = await party('publisher');
    const other = await party('publisher');
    const adv = await party('advertiser');
    const s = await seriesWith(pub, 1);
    const r = await submit(pub, s.seriesId);
    expect((await other.caller.call(contentRequestDetail, { id: r.id })).status).toBe(404);
    expect((await other.caller.call(contentPreview, { seriesId: s.seriesId })).status).toBe(404);
    expect((await other.caller.call(submitContentRequest, { seriesId: s.seriesId })).status).toBe(404);
    expect((await other.caller.call(cancelContentRequest, { id: r.id, version: r.version })).status).toBe(404);
    expect((await other.caller.ok(contentRequestList, {})).items).toEqual([]);
    expect((await adv.caller.ok(contentRequestList, {})).items).toEqual([]);
    expect((await pub.caller.ok(contentRequestList, {})).items.map((i) => i.id)).toEqual([r.id]);
    expect((await staff.ok(contentRequestList, { accountId: pub.accountId })).items.map((i) => i.id)).toEqual([r.id]);
    for (const caller of [pub.caller, adv.caller]) {
      expect((await caller.call(decideContentRequest, { id: r.id, version: r.version, decision: 'approved' })).status).toBe(403);
      expect((await caller.call(decideContentItem, { requestId: r.id, version: r.version, videoId: s.ids[0]!, decision: 'approved' })).status).toBe(403);
      expect((await caller.call(contentReviewQueue, {})).status).toBe(403);
      expect((await caller.call(savePolicyReason, { label: 'Mine' })).status).toBe(403);
    }
  });

  it(`files at most ${CONTENT_REQUEST_MAX_VIDEOS} videos; the rest go in a later request`, async () => {
    const pub = await party('publisher');
    const s = await seriesWith(pub, CONTENT_REQUEST_MAX_VIDEOS + 1);
    const r = await submit(pub, s.seriesId);
    expect(r.counts.total).toBe(CONTENT_REQUEST_MAX_VIDEOS);
    await staff.ok(decideContentRequest, { id: r.id, version: r.version, decision: 'approved' });
    const rest = await submit(pub, s.seriesId);
    expect(rest).toMatchObject({ kind: 'update', counts: { total: 1 } });
    expect(rest.items[0]!.videoId).toBe(s.ids.at(-1));
  });

  it('policy reasons: create, rename, retire (a retired one is refused), a label in use answers NAME_TAKEN', async () => {
    const created = await staff.ok(savePolicyReason, { label: 'Unlicensed music', labelZh: '未授权音乐' });
    expect(created).toMatchObject({ active: true, version: 1, labelZh: '未授权音乐' });
    const dup = await staff.call(savePolicyReason, { label: 'unlicensed MUSIC' });
    expect(dup.status).toBe(409);
    expect(dup.error.errorCode).toBe('NAME_TAKEN');
    const renamed = await staff.ok(savePolicyReason, { id: created.id, version: created.version, label: 'Unlicensed music or sound' });
    expect(renamed).toMatchObject({ label: 'Unlicensed music or sound', version: 2, labelZh: '' });
    expect((await staff.call(savePolicyReason, { id: created.id, version: 1, label: 'X' })).error.errorCode).toBe('STALE_VERSION');
    expect((await staff.call(savePolicyReason, { id: 999_999, version: 1, label: 'X' })).status).toBe(404);
    const retired = await staff.ok(savePolicyReason, { id: created.id, version: renamed.version, label: renamed.label, active: false });
    expect((await staff.ok(policyReasons, {})).items.map((r) => r.id)).not.toContain(created.id);
    expect((await staff.ok(policyReasons, { all: 'true' })).items.find((r) => r.id === created.id)).toMatchObject({ active: false, version: retired.version });

    const pub = await party('publisher');
    const s = await seriesWith(pub, 1);
    const r = await submit(pub, s.seriesId);
    const refused = await decideItem(r, s.ids[0]!, 'rejected', created.id);
    expect(refused.status).toBe(400);
    expect(refused.error.fields?.reasonId).toBeTruthy();
  });
});
