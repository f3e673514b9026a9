import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json } from '../../../test/fake-fetch';
import { aContentRequest, anItem, aReason, dialogTitled, fakeContentServer, PATHS, renderReview, searchOf } from '../test-helpers';

afterEach(() => vi.unstubAllGlobals());

const SLOW = { timeout: 30_000 };
const LONG = { timeout: 5_000 };

const cranes = aContentRequest(1, {
  seriesName: 'Paper Cranes Season 1',
  version: 4,
  items: [anItem(11, { videoName: 'pilot.mp4' }), anItem(12, { videoName: 'finale.mp4', action: 'remove', video: null })],
});
const recipes = aContentRequest(2, { seriesName: 'Spring Recipes', accountName: 'Tasty Co', submittedAt: '2026-11-19T09:30:00.000Z', items: [anItem(21, { videoName: 'soup.mp4' })] });
const reasons = [aReason(7, 'Misleading content', '误导性内容'), aReason(8, 'Violence'), aReason(9, 'Old reason', '', false)];
const cardOf = async (name: string) => (await screen.findByRole('heading', { name, level: 3 }, LONG)).closest('li')!;

describe('Content Review: the queue', SLOW, () => {
  it('shows each waiting video with its player, facts, series, account and request', async () => {
    const server = fakeContentServer({ requests: [cranes, recipes] });
    renderReview();
    expect(await screen.findByRole('heading', { name: 'Content Review', level: 1 })).toBeTruthy();
    const pilot = await cardOf('pilot.mp4');
    const player = pilot.querySelector('video')!;
    expect(player.getAttribute('preload')).toBe('none');
    expect(player.getAttribute('src')).toBe('/api/Video/File?id=11&exp=1&sig=x');
    expect(player.getAttribute('poster')).toBe('/api/Video/Poster?id=11&exp=1&sig=x');
    expect(player.hasAttribute('controls')).toBe(true);
    expect(within(pilot).getByText('MP4')).toBeTruthy();
    expect(within(pilot).getByText('1920×1080')).toBeTruthy();
    expect(within(pilot).getByText('1:23')).toBeTruthy();
    expect(within(pilot).getByText('Paper Cranes Season 1')).toBeTruthy();
    expect(within(pilot).getByText('Paper Cranes')).toBeTruthy();
    expect(within(pilot).getByRole('link', { name: '#1 · Publish series' }).getAttribute('href')).toBe('/publisherContent/requestApprovals?request=1');
    const finale = await cardOf('finale.mp4');
    expect(within(finale).getByText('Remove')).toBeTruthy();
    expect(within(finale).getByText(/This video was deleted/)).toBeTruthy();
    expect(screen.getByText('3 videos')).toBeTruthy();

    const { EARLY_CALLS } = await import('../../../app/router/early-calls');
    const early = EARLY_CALLS['publisherContent/contentReview']!.map((call) => (typeof call === 'string' ? call : call.url));
    expect(server.callsTo(PATHS.queue).map((call) => `${call.path}?${call.query.toString()}`)).toEqual(early);
    // The reasons load with the first rejection, not with the page.
    expect(server.callsTo(PATHS.reasons)).toHaveLength(0);
  });

  it('approves a video with its request’s version; the request’s videos leave the queue once all are decided', async () => {
    const server = fakeContentServer({ requests: [cranes, recipes] });
    renderReview();
    const pilot = await cardOf('pilot.mp4');
    await userEvent.click(within(pilot).getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(server.callsTo(PATHS.decideItem)).toHaveLength(1));
    expect(server.callsTo(PATHS.decideItem)[0]!.body).toEqual({ requestId: 1, version: 4, videoId: 11, decision: 'approved' });
    expect(await screen.findByText('Approved: pilot.mp4')).toBeTruthy();
    // Decided, it waits with its decision for the rest of its request (and may still be changed).
    await waitFor(() => expect(within(pilot).getByText('Approved')).toBeTruthy());
    expect(within(pilot).getByRole('button', { name: 'Approve' })).toHaveProperty('disabled', true);
    expect(within(pilot).getByRole('button', { name: 'Reject' })).toHaveProperty('disabled', false);

    // The request's version moved: the next decision sends the new one.
    await userEvent.click(within(await cardOf('finale.mp4')).getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(server.callsTo(PATHS.decideItem)).toHaveLength(2));
    expect(server.callsTo(PATHS.decideItem)[1]!.body).toEqual({ requestId: 1, version: 5, videoId: 12, decision: 'approved' });
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'pilot.mp4' })).toBeNull());
    expect(screen.queryByRole('heading', { name: 'finale.mp4' })).toBeNull();
    expect(screen.getByText('1 video')).toBeTruthy();
    expect(server.find(1)!.status).toBe('approved');
  });

  it('rejects a video with an active policy reason and a note', async () => {
    const server = fakeContentServer({ requests: [recipes], reasons });
    renderReview();
    const soup = await cardOf('soup.mp4');
    await userEvent.click(within(soup).getByRole('button', { name: 'Reject' }));
    const dialog = await dialogTitled('Reject: soup.mp4');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(await within(dialog).findByRole('alert')).toHaveProperty('textContent', 'Please choose a reason.');
    const select = within(dialog).getByRole('combobox', { name: 'Policy reason' });
    await waitFor(() => expect(within(select).getByRole('option', { name: 'Violence' })).toBeTruthy());
    expect(within(select).queryByRole('option', { name: 'Old reason' })).toBeNull();
    await userEvent.selectOptions(select, 'Violence');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Note (optional)' }), 'Graphic at 0:12.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    await waitFor(() => expect(server.callsTo(PATHS.decideItem)).toHaveLength(1));
    expect(server.callsTo(PATHS.decideItem)[0]!.body).toEqual({ requestId: 2, version: 1, videoId: 21, decision: 'rejected', reasonId: 8, note: 'Graphic at 0:12.' });
    expect(await screen.findByText('Rejected: soup.mp4')).toBeTruthy();
    expect(await screen.findByText('No videos wait for review. When a publisher submits a series, its videos show here.')).toBeTruthy();
    expect(server.find(2)!.status).toBe('rejected');
  });

  it('says a request changed or was decided meanwhile, and reloads the queue', async () => {
    const server = fakeContentServer({ requests: [cranes] });
    renderReview();
    const pilot = await cardOf('pilot.mp4');
    server.handle(PATHS.decideItem, () => json(409, { errorCode: 'STALE_VERSION', error: 'Changed.' }));
    const before = server.callsTo(PATHS.queue).length;
    await userEvent.click(within(pilot).getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText('Someone else changed this request meanwhile. It is shown as it is now.')).toBeTruthy();
    await waitFor(() => expect(server.callsTo(PATHS.queue).length).toBeGreaterThan(before));

    // Cancelled by its publisher meanwhile: it leaves the queue with the reload.
    server.handle(PATHS.decideItem, () => json(409, { errorCode: 'REQUEST_STATE', error: 'No longer pending.', status: 'cancelled' }));
    server.find(1)!.status = 'cancelled';
    await userEvent.click(within(await cardOf('pilot.mp4')).getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText('This request was decided or cancelled meanwhile.')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'pilot.mp4' })).toBeNull());
  });

  it('marks the videos of the request in ?request=, and shows every request on demand', async () => {
    fakeContentServer({ requests: [cranes, recipes] });
    const { router } = renderReview('?request=2');
    const soup = await cardOf('soup.mp4');
    expect(soup.className).toContain('is-marked');
    expect((await cardOf('pilot.mp4')).className).not.toContain('is-marked');
    expect(screen.getByRole('link', { name: 'From request #2' }).getAttribute('href')).toBe('/publisherContent/requestApprovals?request=2');
    await userEvent.click(screen.getByRole('button', { name: 'Show every request' }));
    await waitFor(() => expect(searchOf(router)).toEqual({}));
    expect((await cardOf('soup.mp4')).className).not.toContain('is-marked');
  });
});

describe('Content Review: policy reasons', SLOW, () => {
  it('adds a reason with both labels, refusing an empty or taken label by field', async () => {
    const server = fakeContentServer({ reasons });
    renderReview();
    await userEvent.click(await screen.findByRole('button', { name: 'Policy reasons' }, LONG));
    const drawer = await dialogTitled('Policy reasons');
    expect(await within(drawer).findByText('Misleading content')).toBeTruthy();
    expect(within(drawer).getByText('误导性内容')).toBeTruthy();
    expect(within(within(drawer).getByText('Old reason').closest('li')!).getByText('Retired')).toBeTruthy();
    expect(Object.fromEntries(server.callsTo(PATHS.reasons).at(-1)!.query)).toEqual({ all: 'true' });

    await userEvent.click(within(drawer).getByRole('button', { name: 'Add a reason' }));
    await userEvent.click(within(drawer).getByRole('button', { name: 'Save' }));
    expect(await within(drawer).findByRole('alert')).toHaveProperty('textContent', 'Please enter the reason.');
    expect(server.callsTo(PATHS.saveReason)).toHaveLength(0);

    const label = within(drawer).getByRole('textbox', { name: 'Reason (English)' });
    await userEvent.type(label, 'violence');
    await userEvent.click(within(drawer).getByRole('button', { name: 'Save' }));
    expect(await within(drawer).findByText('A reason with this label exists already.')).toBeTruthy();
    expect(label.getAttribute('aria-invalid')).toBe('true');

    await userEvent.clear(label);
    await userEvent.type(label, 'Copyright');
    await userEvent.type(within(drawer).getByRole('textbox', { name: 'Reason (Chinese)' }), '版权');
    await userEvent.click(within(drawer).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(server.callsTo(PATHS.saveReason)).toHaveLength(2));
    expect(server.callsTo(PATHS.saveReason)[1]!.body).toEqual({ label: 'Copyright', labelZh: '版权', active: true });
    expect(await within(drawer).findByText('版权')).toBeTruthy();
  });

  it('renames, retires and reactivates a reason with its version', async () => {
    const server = fakeContentServer({ reasons });
    renderReview();
    await userEvent.click(await screen.findByRole('button', { name: 'Policy reasons' }, LONG));
    const drawer = await dialogTitled('Policy reasons');
    const violence = (await within(drawer).findByText('Violence')).closest('li')!;
    await userEvent.click(within(violence).getByRole('button', { name: 'Retire' }));
    await waitFor(() => expect(server.callsTo(PATHS.saveReason)).toHaveLength(1));
    expect(server.callsTo(PATHS.saveReason)[0]!.body).toEqual({ id: 8, version: 1, label: 'Violence', labelZh: '', active: false });
    await waitFor(() => expect(within(within(drawer).getByText('Violence').closest('li')!).getByRole('button', { name: 'Reactivate' })).toBeTruthy());

    await userEvent.click(within(within(drawer).getByText('Misleading content').closest('li')!).getByRole('button', { name: 'Rename' }));
    const label = within(drawer).getByRole('textbox', { name: 'Reason (English)' });
    await userEvent.clear(label);
    await userEvent.type(label, 'Misleading claims');
    await userEvent.click(within(drawer).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(server.callsTo(PATHS.saveReason)).toHaveLength(2));
    expect(server.callsTo(PATHS.saveReason)[1]!.body).toEqual({ id: 7, version: 1, label: 'Misleading claims', labelZh: '误导性内容', active: true });
    expect(await within(drawer).findByText('Misleading claims')).toBeTruthy();
  });
});
