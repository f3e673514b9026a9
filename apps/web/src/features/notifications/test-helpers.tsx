import { NOTIFICATION_API, notificationTab, type NotificationInfo, type NotificationsResponse, type UserInfo } from '@ads/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { ConfigProvider } from 'antd';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import { fakeFetch, json, type Handler } from '../../test/fake-fetch';
import { setSession } from '../../shared/session';
import { Toaster } from '../../shared/ui/toaster';
import { ActionCenterButton } from './components/action-center-button';
import { ACCOUNT_OPTIONS_PATH, PUBLISH_PATH } from './api';

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

interface ListFilter {
  hasRead?: boolean;
  tab?: string;
  pageSize?: number;
}

/** The first page of what matches, with the unread counts over everything (as the server does). */
const pageOf = (all: NotificationInfo[], menus: Menus, version: number, filter: ListFilter, defaultPageSize: number): NotificationsResponse => {
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

  const routes: Record<string, Handler> = {
    [NOTIFICATION_API.list.path]: ({ body }) =>
      (body as { knownVersion?: number }).knownVersion === version
        ? json(200, { unchanged: true, version })
        : json(200, pageOf(infos, menus, version, body as ListFilter, pageSize)),
    [NOTIFICATION_API.setRead.path]: ({ body }) => {
      version += 1;
      const ids = (body as { notificationTargetIds: number[] }).notificationTargetIds;
      infos = infos.map((info) => (ids.includes(info.notificationId) ? { ...info, hasRead: true } : info));
      return json(200, { ok: true, changed: ids.length });
    },
    [NOTIFICATION_API.setDismissed.path]: ({ body }) => {
      version += 1;
      const [id] = (body as { notificationTargetIds: number[] }).notificationTargetIds;
      infos = infos.filter((info) => info.notificationId !== id);
      return json(200, { ok: true, changed: 1 });
    },
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
  list: NOTIFICATION_API.list.path,
  setRead: NOTIFICATION_API.setRead.path,
  setDismissed: NOTIFICATION_API.setDismissed.path,
  publish: PUBLISH_PATH,
  accountOptions: ACCOUNT_OPTIONS_PATH,
};

const userInfo = (powers: string[]): UserInfo => ({
  roles: [{ name: 'MsInternal' }],
  menus: [],
  powers: powers.map((code) => ({ code })),
  userBasicInfo: { email: 'staff@demo.test', name: 'S', accountId: 1, accountName: 'Provider', accountKind: 'internal' },
});

/** The bell in a page frame (as in the header), with a second page that card links lead to. */
export function renderActionCenter({ powers = ['notification.read'] }: { powers?: string[] } = {}) {
  setSession('tok-n', userInfo(powers));
  const queryClient = new QueryClient({ defaultOptions: { queries: { refetchOnWindowFocus: false, staleTime: 30_000 } } });
  const router = createMemoryRouter(
    [
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
    { initialEntries: ['/'] },
  );
  render(
    // No motion: popups and modals open and close at once.
    <ConfigProvider theme={{ token: { motion: false } }}>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
      <Toaster />
    </ConfigProvider>,
  );
  return { router, queryClient };
}
