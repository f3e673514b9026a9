import { NOTIFICATION_POLL_MS } from '@ads/contracts';
import { focusManager, QueryClient } from '@tanstack/react-query';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import dayjs from 'dayjs';
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { setLanguage } from '../../../shared/i18n/i18n';
import { notificationsQuery } from '../api';
import { anInfo, fakeServer, PATHS, renderActionCenter } from '../test-helpers';

let consoleError: MockInstance<typeof console.error>;
beforeEach(() => {
  consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => {
  consoleError.mockRestore();
  vi.unstubAllGlobals();
});

const bell = () => screen.getByRole('button', { name: /^Action Center/ });
const card = (title: string) => screen.getByRole('article', { name: title });
const cardItem = (title: string) => card(title).closest('li')!;

async function openPopup(user = userEvent.setup()) {
  await user.click(bell());
  await screen.findByRole('tab', { name: /Notifications/ });
  return user;
}

async function showTab(user: ReturnType<typeof userEvent.setup>, name: 'Actions' | 'Notifications') {
  await user.click(screen.getByRole('tab', { name: new RegExp(`^${name}`) }));
}

/** Nothing the user could see about a failure: no toast, no alert. */
function expectNothingShown() {
  expect(document.querySelector('.toast-notice')).toBeNull();
  expect(screen.queryByRole('alert')).toBeNull();
  expect(screen.queryByText(/went wrong|failed/i)).toBeNull();
}

const loggedFailure = (what: string) =>
  expect(consoleError).toHaveBeenCalledWith(`[action-center] ${what} failed`, expect.anything());

describe('Action Center: tabs, kinds and cards', () => {
  it('puts type 20 on Actions and 10, 15, 25, 30 and unknown types on Notifications, each with its display kind', async () => {
    fakeServer([
      anInfo({ notificationId: 1, type: 10, title: 'Campaign ended' }),
      anInfo({ notificationId: 2, type: 15, title: 'Budget 80% spent' }),
      anInfo({ notificationId: 3, type: 20, title: 'Fix the rejected ad' }),
      anInfo({ notificationId: 4, type: 25, title: 'Slot approved' }),
      anInfo({ notificationId: 5, type: 30, title: 'Maintenance on Sunday' }),
      anInfo({ notificationId: 6, type: 99, title: 'Something new' }),
    ]);
    renderActionCenter();
    const user = await openPopup();

    await showTab(user, 'Actions');
    expect(await screen.findAllByRole('article')).toHaveLength(1);
    expect(cardItem('Fix the rejected ad').dataset.kind).toBe('warning');
    expect(within(card('Fix the rejected ad')).getByRole('img', { name: 'Needs action' })).toBeTruthy();

    await showTab(user, 'Notifications');
    await screen.findByRole('article', { name: 'Campaign ended' });
    const kinds = Object.fromEntries(
      screen.getAllByRole('article').map((article) => [article.querySelector('.notification-card-title')!.textContent, article.closest('li')!.dataset.kind]),
    );
    expect(kinds).toEqual({
      'Campaign ended': 'info',
      'Budget 80% spent': 'info',
      'Slot approved': 'success',
      'Maintenance on Sunday': 'info',
      'Something new': 'info',
    });
    expect(within(card('Slot approved')).getByRole('img', { name: 'Success' })).toBeTruthy();
    expect(within(card('Something new')).getByRole('img', { name: 'Information' })).toBeTruthy();
  });

  it('shows placeholders for a missing title, content and time', async () => {
    fakeServer([anInfo({ notificationId: 1, title: null, content: null, createdAt: null, toSentAt: null })]);
    renderActionCenter();
    const user = await openPopup();
    await showTab(user, 'Notifications');
    const article = await screen.findByRole('article', { name: 'No title' });
    expect(within(article).getByText('No content')).toBeTruthy();
    expect(within(article).getByText('Unknown time')).toBeTruthy();
  });

  it('shows the time relative (toSentAt before createdAt) with the exact local time on hover', async () => {
    const sent = new Date(Date.now() - 3 * 60_000).toISOString();
    fakeServer([anInfo({ notificationId: 1, title: 'Scheduled one', toSentAt: sent })]);
    renderActionCenter();
    const user = await openPopup();
    await showTab(user, 'Notifications');
    const time = within(await screen.findByRole('article', { name: 'Scheduled one' })).getByText('3 minutes ago');
    await user.hover(time);
    expect(await screen.findByText(dayjs(sent).format('YYYY-MM-DD HH:mm:ss'))).toBeTruthy();
  });

  it('marks unread cards and tabs with a red dot, read cards get a Delete button, the bell counts the unread', async () => {
    fakeServer([
      anInfo({ notificationId: 1, type: 20, title: 'Review slot' }),
      anInfo({ notificationId: 2, type: 10, title: 'Unread event' }),
      anInfo({ notificationId: 3, type: 25, title: 'Read approval', hasRead: true }),
      anInfo({ notificationId: 4, type: 15, title: 'Unread reminder' }),
    ]);
    renderActionCenter();
    await waitFor(() => expect(document.querySelector('.bell-count')?.getAttribute('title')).toBe('3'));
    expect(screen.getByText('3 unread messages').id).toBe(bell().getAttribute('aria-describedby'));

    const user = await openPopup();
    for (const name of ['Actions', 'Notifications']) {
      const tab = screen.getByRole('tab', { name: new RegExp(`^${name}`) });
      expect(tab.textContent).toContain('(unread)');
      expect(tab.querySelector('.kit-badge-dot')).not.toBeNull();
    }
    await showTab(user, 'Notifications');
    const unread = await screen.findByRole('article', { name: 'Unread event' });
    expect(within(unread).getByRole('img', { name: 'Unread' })).toBeTruthy();
    expect(within(unread).queryByRole('button', { name: 'Delete' })).toBeNull();
    const read = card('Read approval');
    expect(within(read).queryByRole('img', { name: 'Unread' })).toBeNull();
    expect(within(read).getByRole('button', { name: 'Delete' })).toBeTruthy();
  });

  it('shows no dot on a tab without unread items, and no badge on the bell', async () => {
    fakeServer([anInfo({ notificationId: 1, type: 10, hasRead: true })]);
    renderActionCenter();
    const user = await openPopup();
    await showTab(user, 'Notifications');
    await screen.findByRole('article', { name: 'Title 1' });
    for (const name of ['Actions', 'Notifications']) {
      expect(screen.getByRole('tab', { name: new RegExp(`^${name}`) }).querySelector('.kit-badge-dot')).toBeNull();
    }
    expect(document.querySelector('.bell-count')).toBeNull();
  });

  it('shows the loading text while the first load is pending, then an empty state per tab', async () => {
    const server = fakeServer([]);
    const release = server.hold(PATHS.list);
    renderActionCenter();
    const user = await openPopup();
    expect((await screen.findByRole('status')).textContent).toBe('Loading…');
    release();
    expect(await screen.findByText('No actions waiting for you')).toBeTruthy();
    await showTab(user, 'Notifications');
    expect(await screen.findByText('No notifications')).toBeTruthy();
  });
});

describe('Action Center: reading, following and dismissing', () => {
  it('opening an unread Notifications card (click or Enter) sends SetRead; an Actions card does not', async () => {
    const server = fakeServer([
      anInfo({ notificationId: 11, type: 20, title: 'Approve the slot' }),
      anInfo({ notificationId: 12, type: 10, title: 'Campaign ended' }),
      anInfo({ notificationId: 13, type: 15, title: 'Bin purge soon' }),
    ]);
    renderActionCenter();
    const user = await openPopup();

    await showTab(user, 'Actions');
    await user.click(await screen.findByText('Content 11'));
    expect(server.callsTo(PATHS.setRead)).toHaveLength(0);
    expect(within(card('Approve the slot')).getByRole('img', { name: 'Unread' })).toBeTruthy();

    await showTab(user, 'Notifications');
    await user.click(await screen.findByText('Content 12'));
    await waitFor(() => expect(server.callsTo(PATHS.setRead)).toHaveLength(1));
    expect(server.callsTo(PATHS.setRead)[0]!.body).toEqual({ hasRead: true, notificationTargetIds: [12] });
    await waitFor(() => expect(within(card('Campaign ended')).getByRole('button', { name: 'Delete' })).toBeTruthy());

    // The keyboard: Tab to the card's title, Enter opens it.
    within(card('Bin purge soon')).getByRole('button', { name: 'Bin purge soon' }).focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(server.callsTo(PATHS.setRead)).toHaveLength(2));
    expect(server.callsTo(PATHS.setRead)[1]!.body).toEqual({ hasRead: true, notificationTargetIds: [13] });
    expect(within(card('Bin purge soon')).getByRole('button', { name: 'Bin purge soon' }).getAttribute('aria-expanded')).toBe('true');
  });

  it('a link (the menu name) marks read, navigates to the menu url and closes the popup', async () => {
    const server = fakeServer(
      [
        anInfo({ notificationId: 21, type: 20, title: 'Review campaign', menuId: 105 }),
        anInfo({ notificationId: 22, type: 10, title: 'Unknown menu', menuId: 999, hasRead: true }),
        anInfo({ notificationId: 23, type: 10, title: 'Menu not delivered', menuId: 777 }),
      ],
      { '105': { name: 'Campaign List (server)', url: 'campaign/list' }, '999': { name: 'Server menu name', url: 'campaign/list' } },
    );
    const { router } = renderActionCenter();
    const user = await openPopup();
    await showTab(user, 'Notifications');
    // Unknown ids show the server's name; a menu the user lacks shows no link.
    expect(within(await screen.findByRole('article', { name: 'Unknown menu' })).getByRole('link', { name: 'Server menu name' })).toBeTruthy();
    expect(within(card('Menu not delivered')).queryByRole('link')).toBeNull();

    await showTab(user, 'Actions');
    // The name is translated by its menu id (menu.105).
    await user.click(within(await screen.findByRole('article', { name: 'Review campaign' })).getByRole('link', { name: 'Campaign List' }));
    expect(await screen.findByText('Campaign list page')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/campaign/list');
    expect(bell().getAttribute('aria-expanded')).toBe('false');
    await waitFor(() => expect(server.callsTo(PATHS.setRead).map((call) => call.body)).toEqual([{ hasRead: true, notificationTargetIds: [21] }]));
  });

  it('a link opens the page on the thing the message speaks of (its campaignId or imageId)', async () => {
    fakeServer(
      [
        anInfo({ notificationId: 41, type: 20, title: 'Image rejected', menuId: 107, messageKey: 'image.rejected', params: { imageId: 9, name: 'a.png', reason: null } }),
        anInfo({ notificationId: 42, type: 20, title: 'Plain', menuId: 105 }),
      ],
      { '105': { name: 'Campaign List', url: 'campaign/list' }, '107': { name: 'Image Gallery', url: 'assetLibrary/imageGallery' } },
    );
    const { router } = renderActionCenter();
    const user = await openPopup();
    await showTab(user, 'Actions');
    const links = await screen.findAllByRole('link');
    expect(links.map((link) => link.getAttribute('href')).sort()).toEqual(['/assetLibrary/imageGallery?image=9', '/campaign/list']);
    await user.click(links.find((link) => link.getAttribute('href')!.includes('image='))!);
    await waitFor(() => expect(`${router.state.location.pathname}${router.state.location.search}`).toBe('/assetLibrary/imageGallery?image=9'));
  });

  it('Mark All as Read: its tooltip invites while something is unread, then reads "All Read"; one SetRead with the tab\'s unread ids', async () => {
    const server = fakeServer([
      anInfo({ notificationId: 31, type: 20, title: 'An action' }),
      anInfo({ notificationId: 32, type: 10 }),
      anInfo({ notificationId: 33, type: 30, hasRead: true }),
      anInfo({ notificationId: 34, type: 99 }),
      anInfo({ notificationId: 35, type: 25 }),
    ]);
    renderActionCenter();
    const user = await openPopup();
    await showTab(user, 'Actions');
    expect(screen.queryByRole('button', { name: 'Mark All as Read' })).toBeNull();

    await showTab(user, 'Notifications');
    const markAll = await screen.findByRole('button', { name: 'Mark All as Read' });
    await user.hover(markAll.parentElement!);
    expect(await screen.findByText('Mark every notification on this tab as read')).toBeTruthy();
    await user.unhover(markAll.parentElement!);

    await user.click(markAll);
    await waitFor(() => expect(server.callsTo(PATHS.setRead)).toHaveLength(1));
    expect(server.callsTo(PATHS.setRead)[0]!.body).toEqual({ hasRead: true, notificationTargetIds: [32, 34, 35] });
    await waitFor(() => expect((screen.getByRole('button', { name: 'Mark All as Read' }) as HTMLButtonElement).disabled).toBe(true));
    await user.hover(screen.getByRole('button', { name: 'Mark All as Read' }).parentElement!);
    expect(await screen.findByText('All Read')).toBeTruthy();
    // The Actions tab keeps its unread item.
    expect(screen.getByRole('tab', { name: /^Actions/ }).querySelector('.kit-badge-dot')).not.toBeNull();
    expect(screen.getByRole('tab', { name: /^Notifications/ }).querySelector('.kit-badge-dot')).toBeNull();
  });

  it('deleting a read card removes it at once', async () => {
    const server = fakeServer([anInfo({ notificationId: 41, title: 'Old news', hasRead: true })]);
    renderActionCenter();
    const user = await openPopup();
    await showTab(user, 'Notifications');
    const release = server.hold(PATHS.setDismissed);
    await user.click(within(await screen.findByRole('article', { name: 'Old news' })).getByRole('button', { name: 'Delete' }));
    expect(screen.queryByRole('article', { name: 'Old news' })).toBeNull();
    expect(screen.getByText('No notifications')).toBeTruthy();
    release();
    await waitFor(() => expect(server.callsTo(PATHS.setDismissed).map((call) => call.body)).toEqual([{ isDismissed: true, notificationTargetIds: [41] }]));
    await waitFor(() => expect(server.callsTo(PATHS.list).length).toBeGreaterThanOrEqual(3));
    expect(screen.queryByRole('article', { name: 'Old news' })).toBeNull();
  });
  it('opens from the keyboard with focus inside the popup; Escape closes it and returns to the bell', async () => {
    fakeServer([anInfo({ notificationId: 61, title: 'Keyboard card' })]);
    renderActionCenter();
    const user = userEvent.setup();
    bell().focus();
    await user.keyboard('{Enter}');
    const region = await screen.findByRole('region', { name: 'Action Center' });
    await waitFor(() => expect(document.activeElement).toBe(region));
    await user.keyboard('{Escape}');
    expect(bell().getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(bell());
  });
});

describe('Action Center: failures are only logged', () => {
  it('a failed delete brings the card back and is only logged', async () => {
    const server = fakeServer([anInfo({ notificationId: 51, title: 'Keep me', hasRead: true })]);
    renderActionCenter();
    const user = await openPopup();
    await showTab(user, 'Notifications');
    server.fail(PATHS.setDismissed);
    const release = server.hold(PATHS.setDismissed);
    await user.click(within(await screen.findByRole('article', { name: 'Keep me' })).getByRole('button', { name: 'Delete' }));
    expect(screen.queryByRole('article', { name: 'Keep me' })).toBeNull();
    release();
    expect(await screen.findByRole('article', { name: 'Keep me' })).toBeTruthy();
    loggedFailure('delete');
    expectNothingShown();
  });

  it('a failed mark-read is rolled back and only logged', async () => {
    const server = fakeServer([anInfo({ notificationId: 52, title: 'Stays unread' })]);
    renderActionCenter();
    const user = await openPopup();
    await showTab(user, 'Notifications');
    server.fail(PATHS.setRead);
    await user.click(await screen.findByText('Content 52'));
    await waitFor(() => loggedFailure('mark as read'));
    await waitFor(() => expect(within(card('Stays unread')).getByRole('img', { name: 'Unread' })).toBeTruthy());
    expectNothingShown();
  });

  it('Mark All as Read also reads the unread notifications beyond the loaded page, in one SetRead', async () => {
    // A page of 2: the third unread notification is not loaded.
    const server = fakeServer(
      [
        anInfo({ notificationId: 41, type: 10 }),
        anInfo({ notificationId: 42, type: 20 }),
        anInfo({ notificationId: 43, type: 15, hasRead: true }),
        anInfo({ notificationId: 44, type: 30 }),
        anInfo({ notificationId: 45, type: 25 }),
      ],
      {},
      { pageSize: 2 },
    );
    renderActionCenter();
    const user = await openPopup();
    await showTab(user, 'Notifications');
    await user.click(await screen.findByRole('button', { name: 'Mark All as Read' }));
    await waitFor(() => expect(server.callsTo(PATHS.setRead)).toHaveLength(1));
    expect(server.callsTo(PATHS.list).map((call) => call.body)).toContainEqual({ tab: 'notifications', hasRead: false, pageSize: 200 });
    expect(server.callsTo(PATHS.setRead)[0]!.body).toEqual({ hasRead: true, notificationTargetIds: [41, 44, 45] });
    await waitFor(() => expect(screen.getByRole('tab', { name: /^Notifications/ }).querySelector('.kit-badge-dot')).toBeNull());
  });

  it('a failed mark-all-read is rolled back and only logged', async () => {
    const server = fakeServer([anInfo({ notificationId: 53, title: 'One' }), anInfo({ notificationId: 54, title: 'Two' })]);
    renderActionCenter();
    const user = await openPopup();
    await showTab(user, 'Notifications');
    await screen.findByRole('article', { name: 'One' });
    server.fail(PATHS.setRead);
    await user.click(screen.getByRole('button', { name: 'Mark All as Read' }));
    await waitFor(() => loggedFailure('mark all as read'));
    await waitFor(() => expect(within(card('Two')).getByRole('img', { name: 'Unread' })).toBeTruthy());
    expect((screen.getByRole('button', { name: 'Mark All as Read' }) as HTMLButtonElement).disabled).toBe(false);
    expectNothingShown();
  });

  it('a failed first load shows the empty state, nothing else, and is logged', async () => {
    const server = fakeServer([]);
    server.fail(PATHS.list);
    renderActionCenter();
    await waitFor(() => loggedFailure('loading notifications'));
    const user = await openPopup();
    await showTab(user, 'Notifications');
    expect(await screen.findByText('No notifications')).toBeTruthy();
    expectNothingShown();
  });

  it('a failed reload keeps the last notifications on screen', async () => {
    const server = fakeServer([anInfo({ notificationId: 55, title: 'Still here' })]);
    renderActionCenter();
    await waitFor(() => expect(server.callsTo(PATHS.list)).toHaveLength(1));
    server.fail(PATHS.list);
    const user = await openPopup();
    await waitFor(() => loggedFailure('loading notifications'));
    await showTab(user, 'Notifications');
    expect(await screen.findByRole('article', { name: 'Still here' })).toBeTruthy();
    expect(document.querySelector('.bell-count')?.getAttribute('title')).toBe('1');
    expectNothingShown();
  });
});

describe('Action Center: polling', () => {
  it('polls every 60 s, also in a background tab, and once more when the popup opens', async () => {
    const options = notificationsQuery(new QueryClient());
    expect(options.refetchInterval).toBe(NOTIFICATION_POLL_MS);
    expect(options.refetchIntervalInBackground).toBe(true);

    // shouldAdvanceTime keeps antd's and testing-library's own timers running.
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const server = fakeServer([anInfo({ notificationId: 61, title: 'Kept while unchanged' })]);
      focusManager.setFocused(false);
      renderActionCenter();
      await waitFor(() => expect(server.callsTo(PATHS.list)).toHaveLength(1));
      await act(() => vi.advanceTimersByTimeAsync(NOTIFICATION_POLL_MS));
      await waitFor(() => expect(server.callsTo(PATHS.list)).toHaveLength(2));
      focusManager.setFocused(undefined);

      // A notification arrives; the next poll (the popup opening) brings it.
      server.deliver(anInfo({ notificationId: 62, title: 'Arrived later' }));
      const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
      await user.click(bell());
      await waitFor(() => expect(server.callsTo(PATHS.list)).toHaveLength(3));
      await showTab(user, 'Notifications');
      expect(await screen.findByRole('article', { name: 'Arrived later' })).toBeTruthy();
      // The second poll was answered "unchanged": the first answer's cards stayed.
      expect(screen.getByRole('article', { name: 'Kept while unchanged' })).toBeTruthy();
      // The default filter (`{}`, in the console's language) first; then the version of the last answer.
      expect(server.callsTo(PATHS.list).map((call) => [call.method, call.body])).toEqual([
        ['POST', { language: 'en-US' }],
        ['POST', { knownVersion: 1, language: 'en-US' }],
        ['POST', { knownVersion: 1, language: 'en-US' }],
      ]);
    } finally {
      focusManager.setFocused(undefined);
      vi.useRealTimers();
    }
  });
});

describe('Action Center: in the reader\'s language', () => {
  afterEach(async () => {
    await act(() => setLanguage('en-US'));
  });

  const purge = (notificationId: number, count: number, days: number) =>
    anInfo({ notificationId, type: 15, title: null, content: null, messageKey: 'recycle.purgeSoon', params: { count, days, purgeAt: '2026-12-01T12:00:00.000Z' } });
  const rejected = anInfo({
    notificationId: 3,
    type: 20,
    title: null,
    content: null,
    messageKey: 'image.rejected',
    params: { imageId: 7, name: 'leaderboard-728x90.png', reason: 'The text is too small to read.' },
  });

  it('renders system notifications from their message key and values, with plurals and dates', async () => {
    fakeServer([purge(1, 1, 1), purge(2, 3, 3), rejected]);
    renderActionCenter();
    const user = await openPopup();
    await showTab(user, 'Notifications');
    expect(await screen.findByRole('article', { name: 'Recycle bin: removed for good in 1 day' })).toBeTruthy();
    expect(within(card('Recycle bin: removed for good in 1 day')).getByText(/^1 item in your recycle bin will be removed for good on December 1, 2026\./)).toBeTruthy();
    expect(within(card('Recycle bin: removed for good in 3 days')).getByText(/^3 items in your recycle bin will be removed for good from December 1, 2026\./)).toBeTruthy();
    await showTab(user, 'Actions');
    const rejection = await screen.findByRole('article', { name: 'Image rejected: leaderboard-728x90.png' });
    expect(within(rejection).getByText(/^Reason: The text is too small to read\. Replace the image/)).toBeTruthy();
  });

  it('renders them in Chinese for a zh-CN reader, without a word of the English', async () => {
    fakeServer([purge(1, 1, 1), purge(2, 3, 3), rejected]);
    await act(() => setLanguage('zh-CN'));
    renderActionCenter();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: '消息中心' }));
    expect(await screen.findByRole('article', { name: '图片未通过审核：leaderboard-728x90.png' })).toBeTruthy();
    await user.click(screen.getByRole('tab', { name: /^通知/ }));
    expect(await screen.findByRole('article', { name: '回收站：3 天后永久删除' })).toBeTruthy();
    expect(within(card('回收站：3 天后永久删除')).getByText(/^回收站中的 3 项内容将于 2026年12月1日 起被永久删除/)).toBeTruthy();
    expect(screen.queryByText(/recycle bin/i)).toBeNull();
  });

  it('shows an announcement in the reader\'s language when it has that version, else as written', async () => {
    fakeServer([
      anInfo({ notificationId: 1, type: 30, title: 'Maintenance on Sunday', content: 'Read-only for an hour', translations: { 'zh-CN': { title: '周日维护', content: '只读一小时' } } }),
      anInfo({ notificationId: 2, type: 30, title: 'English only', content: 'No Chinese version' }),
    ]);
    renderActionCenter();
    await openPopup();
    expect(await screen.findByRole('article', { name: 'Maintenance on Sunday' })).toBeTruthy();
    expect(screen.queryByText('周日维护')).toBeNull();

    await act(() => setLanguage('zh-CN'));
    expect(await screen.findByRole('article', { name: '周日维护' })).toBeTruthy();
    expect(within(card('周日维护')).getByText('只读一小时')).toBeTruthy();
    expect(within(card('English only')).getByText('No Chinese version')).toBeTruthy();
  });

  it('falls back to the text fields for a message key it does not know, and shows names as written', async () => {
    fakeServer([
      anInfo({ notificationId: 1, title: 'Sent by a newer server', content: 'As text', messageKey: 'campaign.somethingNew', params: { count: 2 } }),
      anInfo({ notificationId: 2, title: null, content: null, messageKey: 'campaign.unknown', params: {} }),
      anInfo({ notificationId: 3, type: 20, title: null, content: null, messageKey: 'image.rejected', params: { imageId: 1, name: '$t(actionCenter.title) {{count}}.png', reason: null } }),
    ]);
    renderActionCenter();
    const user = await openPopup();
    await showTab(user, 'Notifications');
    expect(await screen.findByRole('article', { name: 'Sent by a newer server' })).toBeTruthy();
    expect(screen.getByRole('article', { name: 'No title' })).toBeTruthy();
    await showTab(user, 'Actions');
    const odd = await screen.findByRole('article', { name: 'Image rejected: $t(actionCenter.title) {{count}}.png' });
    expect(within(odd).getByText(/^Reason: not given\./)).toBeTruthy();
  });
});
