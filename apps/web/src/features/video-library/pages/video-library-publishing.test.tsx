import { contentPreview, submitContentRequest, type ContentRequestDetail } from '@ads/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { dialogTitled } from '../../../test/fixtures';
import { json } from '../../../test/fake-fetch';
import { aSeries, aVideo, fakeVideoServer, renderVideoLibrary } from '../test-helpers';

afterEach(() => vi.unstubAllGlobals());

// A publisher's series are published through Request Approvals: the library marks what is
// published and submits a series (its preview first) from its menu or beside its heading.

const SLOW = { timeout: 30_000 };
const PUBLISHER = ['video.read', 'video.write', 'content.request'] as const;
const published = '2026-11-01T10:00:00.000Z';

const filed = (seriesId: number): ContentRequestDetail => ({
  id: 77,
  kind: 'publish',
  seriesId,
  seriesName: 'Launch',
  accountId: 1,
  accountName: 'Paper Cranes',
  status: 'pending',
  note: null,
  counts: { total: 1, approved: 0, rejected: 0, pending: 1 },
  submittedBy: { id: 6, name: 'Pat' },
  submittedAt: published,
  decidedBy: null,
  decidedAt: null,
  decisionNote: null,
  version: 1,
  items: [],
});

describe('Video library: publication', SLOW, () => {
  it('marks published series and videos, and offers no submission without the power to request', async () => {
    fakeVideoServer({
      series: [{ ...aSeries(4, 'Launch', 1), publishedAt: published }, aSeries(5, 'Drafts', 0)],
      videos: [aVideo(1, { name: 'teaser.mp4', seriesId: 4, position: 1, publishedAt: published }), aVideo(2, { name: 'loose.mp4' })],
    });
    renderVideoLibrary('/videoLibrary?series=4');
    const nav = await screen.findByRole('navigation', { name: 'Series' });
    expect(within(await within(nav).findByRole('button', { name: /^Launch/ })).getByText('Published')).toBeTruthy();
    expect(within(within(nav).getByRole('button', { name: /^Drafts/ })).queryByText('Published')).toBeNull();
    const card = (await screen.findByText('teaser.mp4', { selector: '.list-card-name' })).closest('li')!;
    expect(within(card).getByText('Published')).toBeTruthy();
    // An advertiser's library: no publication.
    expect(screen.queryByRole('button', { name: /Submit/ })).toBeNull();
  });

  it('submits a series from its menu after showing what it sends', async () => {
    const server = fakeVideoServer({ series: [aSeries(4, 'Launch', 2)] });
    server.answer(contentPreview, () => ({ kind: 'publish' as const, add: [{ videoId: 1, videoName: 'teaser.mp4' }, { videoId: 2, videoName: 'trailer.mp4' }], remove: [], pendingRequestId: null }));
    server.answer(submitContentRequest, ({ seriesId }) => filed(seriesId));
    renderVideoLibrary('/videoLibrary', { powers: [...PUBLISHER] });
    const nav = await screen.findByRole('navigation', { name: 'Series' });
    await userEvent.click(await within(nav).findByRole('button', { name: 'Actions for series Launch' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: /Submit for publication/ }));
    const dialog = await dialogTitled('Submit for publication: Launch');
    expect(await within(dialog).findByText('2 videos to publish')).toBeTruthy();
    expect(within(dialog).getByText('trailer.mp4')).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(server.callsTo(submitContentRequest.path)).toHaveLength(1));
    expect(server.callsTo(submitContentRequest.path)[0]!.body).toEqual({ seriesId: 4 });
    expect(await screen.findByText('Submitted for review: Launch')).toBeTruthy();
  });

  it('submits a published series’ changes from beside its heading, and says when nothing changed', async () => {
    const server = fakeVideoServer({ series: [{ ...aSeries(4, 'Launch', 1), publishedAt: published }] });
    server.answer(contentPreview, () => ({ kind: 'update' as const, add: [], remove: [{ videoId: 3, videoName: 'old.mp4' }], pendingRequestId: null }));
    server.handle(submitContentRequest.path, () => json(409, { errorCode: 'NOTHING_TO_SUBMIT', error: 'Nothing to submit.' }));
    renderVideoLibrary('/videoLibrary?series=4', { powers: [...PUBLISHER] });
    await userEvent.click(await screen.findByRole('button', { name: 'Submit changes' }));
    const dialog = await dialogTitled('Submit changes: Launch');
    expect(await within(dialog).findByText('1 video to take out of publication')).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Submit' }));
    expect(await within(dialog).findByText(/Nothing to submit/)).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Submit' })).toHaveProperty('disabled', true);
  });

  it('links a series’ pending request, beside its heading and from its menu; a 409 names the one filed meanwhile', async () => {
    const server = fakeVideoServer({ series: [{ ...aSeries(4, 'Launch', 1), pendingContentRequestId: 9 }, aSeries(5, 'Drafts', 1)] });
    server.answer(contentPreview, () => ({ kind: 'publish' as const, add: [{ videoId: 1, videoName: 'teaser.mp4' }], remove: [], pendingRequestId: null }));
    server.handle(submitContentRequest.path, () => json(409, { errorCode: 'CONTENT_REQUEST_PENDING', error: 'Pending already.', requestId: 12 }));
    const { router } = renderVideoLibrary('/videoLibrary?series=4', { powers: [...PUBLISHER] });
    expect((await screen.findByRole('link', { name: 'Pending review' })).getAttribute('href')).toBe('/publisherContent/requestApprovals?request=9');

    const nav = screen.getByRole('navigation', { name: 'Series' });
    await userEvent.click(within(nav).getByRole('button', { name: 'Actions for series Drafts' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: /Submit for publication/ }));
    const dialog = await dialogTitled('Submit for publication: Drafts');
    await within(dialog).findByText('1 video to publish');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Submit' }));
    expect(await within(dialog).findByText('This series has a pending request already.')).toBeTruthy();
    expect(within(dialog).getByRole('link', { name: 'Open the pending request' }).getAttribute('href')).toBe('/publisherContent/requestApprovals?request=12');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));

    await userEvent.click(within(nav).getByRole('button', { name: 'Actions for series Launch' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: /Pending review/ }));
    await waitFor(() => expect(`${router.state.location.pathname}${router.state.location.search}`).toBe('/publisherContent/requestApprovals?request=9'));
  });
});
