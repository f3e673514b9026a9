import {
  ENDPOINTS,
  notificationsList,
  notificationTab,
  setNotificationsDismissed,
  setNotificationsRead,
  type NotificationInfo,
  type NotificationsFilter,
  type NotificationsResponse,
  type Power,
} from '@ads/contracts';
import { Outlet } from '../../shared/router/router';
import { fakeEndpoint, fakeFetch, json } from '../../test/fake-fetch';
import { renderPages } from '../../test/render';
import { ActionCenterButton } from './components/action-center-button';

// Component tests of the Action Center fake the network at the fetch boundary only: this server
// keeps the notifications, answers the contract's calls and records what it was sent.

const HOUR = 3_600_000;

export const anInfo = (overrides: Partial<NotificationInfo> & { notificationId: number }): NotificationInfo => ({
  type: 10,
  title: `Title ${overrides.notificationId}`,
  content: `Content ${overrides.notificationId}`,
  hasRead: false,
  createdAt: new Date(Date.now() - 2 * HOUR).toISOString(),
  toSentAt: null,
  menuId: null,
  messageKey: null,
  params: null,
  translations: null,
  ...overrides,
});

type Menus = NotificationsResponse['menus'];

/** The first page of what matches, with the unread counts over everything (as the server does). */
const pageOf = (all: NotificationInfo[], menus: Menus, version: number, filter: NotificationsFilter, defaultPageSize: number): NotificationsResponse => {
  const unread = { actions: 0, notifications: 0 };
  for (const info of all) if (!info.hasRead) unread[notificationTab(info.type)] += 1;
  const matching = all.filter(
    (info) =>
      (filter.hasRead === undefined || info.hasRead === filter.hasRead) &&
      (filter.tab === undefined || notificationTab(info.type) === filter.tab),
  );
  const pageSize = filter.pageSize ?? defaultPageSize;
  return { infos: matching.slice(0, pageSize), menus, total: matching.length, unread, page: 1, pageSize, version, unchanged: false };
};

export function fakeServer(initial: NotificationInfo[] = [], menus: Menus = {}, { pageSize = 50 } = {}) {
  let infos = initial;
  // Like the server's inbox version: moved on by every change, answered "unchanged" when known.
  let version = 1;
  const failing = new Set<string>();
  const held = new Map<string, Promise<void>>();

  const routes = {
    // The contract fills in its default page size; this inbox has its own (`pageSize`).
    ...fakeEndpoint(notificationsList, (filter, { body }) =>
      filter.knownVersion === version
        ? { unchanged: true as const, version }
        : pageOf(infos, menus, version, { ...filter, pageSize: (body as NotificationsFilter).pageSize }, pageSize),
    ),
    ...fakeEndpoint(setNotificationsRead, ({ notificationTargetIds: ids }) => {
      version += 1;
      infos = infos.map((info) => (ids.includes(info.notificationId) ? { ...info, hasRead: true } : info));
      return { ok: true as const, changed: ids.length };
    }),
    ...fakeEndpoint(setNotificationsDismissed, ({ notificationTargetIds: [id] }) => {
      version += 1;
      infos = infos.filter((info) => info.notificationId !== id);
      return { ok: true as const, changed: 1 };
    }),
  };

  const server = fakeFetch(routes, async (call) => {
    await held.get(call.path);
    return failing.has(call.path) ? json(500, { errorCode: 'INTERNAL_ERROR', error: 'Something went wrong on the server.' }) : undefined;
  });

  return {
    ...server,
    /** Answers 500 on this path from now on (or again normally with `false`). */
    fail: (path: string, on = true) => void (on ? failing.add(path) : failing.delete(path)),
    /** Holds the answers on this path until the returned function is called. */
    hold: (path: string) => {
      let release = () => {};
      held.set(path, new Promise<void>((resolve) => (release = resolve)));
      return () => {
        held.delete(path);
        release();
      };
    },
    /** A new notification reaches the inbox (a new version). */
    deliver: (info: NotificationInfo) => {
      infos = [info, ...infos];
      version += 1;
    },
  };
}

export const PATHS = {
  list: ENDPOINTS['notifications.notificationsList'].path,
  setRead: ENDPOINTS['notifications.setNotificationsRead'].path,
  setDismissed: ENDPOINTS['notifications.setNotificationsDismissed'].path,
  publish: ENDPOINTS['notifications.publishAnnouncement'].path,
  accountOptions: ENDPOINTS['identity.accountOptions'].path,
};

/** The bell in a page frame (as in the header), with a second page that card links lead to. */
export function renderActionCenter({ powers = ['notification.read'] as Power[] } = {}) {
  return renderPages({
    routes: [
      {
        element: (
          <>
            <ActionCenterButton />
            <Outlet />
          </>
        ),
        children: [
          { path: '/', element: <p>Home page</p> },
          { path: '/campaign/list', element: <p>Campaign list page</p> },
        ],
      },
    ],
    path: '/',
    powers,
    user: { token: 'tok-n', role: 'MsInternal', email: 'staff@demo.test', name: 'S', accountName: 'Provider', accountKind: 'internal' },
  });
}
