import {
  MAX_PAGE_SIZE,
  NOTIFICATION_API,
  NOTIFICATION_POLL_MS,
  notificationTab,
  type accountOptions,
  type EndpointRequest,
  type EndpointResponse,
  type notificationsList,
  type NotificationsFilter,
  type NotificationsResponse,
  type publishAnnouncement,
  type setNotificationsDismissed,
  type setNotificationsRead,
} from '@ads/contracts';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { request } from '../../shared/api-client';

// The bell polls on every page, so this module is on the landing page: only zod-free parts of the
// contracts are imported at runtime, and calls go through `request` with the contracts' types.
// Paths of the zod-only contracts (a test checks them against the contracts).
export const PUBLISH_PATH = '/api/Notification/Publish';
export const ACCOUNT_OPTIONS_PATH = '/api/User/AccountOptions';

/** Every query of the Action Center. */
export const notificationKeys = {
  all: ['notifications'] as const,
  lists: () => [...notificationKeys.all, 'list'] as const,
  /** The poll: `{}` is the caller's newest page (seed §7). */
  list: () => [...notificationKeys.lists(), {}] as const,
  /** Accounts offered by the announcement form's audience picker. */
  audienceAccounts: (search: string) => [...notificationKeys.all, 'audienceAccounts', search] as const,
};

const isAbort = (error: unknown) => error instanceof DOMException && error.name === 'AbortError';

/** Seed §8: failures of the Action Center's calls are only logged, never shown. */
export function logFailure(what: string, error: unknown): void {
  if (!isAbort(error)) console.error(`[action-center] ${what} failed`, error);
}

/**
 * The poll. After the first answer it sends back that answer's version: while the inbox has not
 * changed the server answers "unchanged" without reading it, and the cached page stays.
 */
export const notificationsQuery = (queryClient: QueryClient) =>
  queryOptions({
    queryKey: notificationKeys.list(),
    queryFn: async ({ signal }): Promise<NotificationsResponse> => {
      const cached = queryClient.getQueryData<NotificationsResponse>(notificationKeys.list());
      const filter: NotificationsFilter = cached ? { knownVersion: cached.version } : {};
      try {
        const answer = await request<EndpointResponse<typeof notificationsList>>(
          NOTIFICATION_API.list.method,
          NOTIFICATION_API.list.path,
          filter,
          { signal },
        );
        return answer.unchanged && cached ? cached : (answer as NotificationsResponse);
      } catch (error) {
        logFailure('loading notifications', error);
        throw error;
      }
    },
    // Seed §7: every 60 s, also in a background tab, so that the bell stays current.
    refetchInterval: NOTIFICATION_POLL_MS,
    refetchIntervalInBackground: true,
    // The next poll is the retry.
    retry: false,
  });

/** The poll behind the bell; the popup reads the same cache. */
export const useNotificationsPoll = () => useQuery(notificationsQuery(useQueryClient()));

/** Applies an optimistic change to the cached page; returns the previous page for a rollback. */
async function patchList(queryClient: QueryClient, patch: (data: NotificationsResponse) => NotificationsResponse) {
  const queryKey = notificationKeys.list();
  // A poll landing after the change would bring back the old state.
  await queryClient.cancelQueries({ queryKey });
  const previous = queryClient.getQueryData<NotificationsResponse>(queryKey);
  if (previous) queryClient.setQueryData(queryKey, patch(previous));
  return previous;
}

function markReadIn(data: NotificationsResponse, ids: readonly number[]): NotificationsResponse {
  const unread = { ...data.unread };
  const infos = data.infos.map((info) => {
    if (info.hasRead || !ids.includes(info.notificationId)) return info;
    unread[notificationTab(info.type)] = Math.max(0, unread[notificationTab(info.type)] - 1);
    return { ...info, hasRead: true };
  });
  return { ...data, infos, unread };
}

function dismissIn(data: NotificationsResponse, id: number): NotificationsResponse {
  const info = data.infos.find((item) => item.notificationId === id);
  if (!info) return data;
  const unread = { ...data.unread };
  if (!info.hasRead) unread[notificationTab(info.type)] = Math.max(0, unread[notificationTab(info.type)] - 1);
  return { ...data, infos: data.infos.filter((item) => item !== info), total: Math.max(0, data.total - 1), unread };
}

interface MarkReadVariables {
  ids: number[];
  /**
   * Mark All as Read: the server's unread count of the Notifications tab. When the loaded page
   * holds fewer unread than that, the rest are fetched first, so that one SetRead reads them all.
   */
  allOf?: number;
}

/** The loaded ids, and when the server counts more unread on the tab, those of the others too. */
async function unreadOfNotificationsTab(loaded: number[], unreadOnServer: number): Promise<number[]> {
  if (unreadOnServer <= loaded.length) return loaded;
  const answer = await request<EndpointResponse<typeof notificationsList>>(NOTIFICATION_API.list.method, NOTIFICATION_API.list.path, {
    tab: 'notifications',
    hasRead: false,
    pageSize: MAX_PAGE_SIZE,
  } satisfies NotificationsFilter);
  return answer.unchanged ? loaded : [...new Set([...loaded, ...answer.infos.map((info) => info.notificationId)])];
}

/** SetRead: optimistic, rolled back on failure, then the page is fetched again. */
export function useMarkRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ ids, allOf }: MarkReadVariables) =>
      request<EndpointResponse<typeof setNotificationsRead>>(NOTIFICATION_API.setRead.method, NOTIFICATION_API.setRead.path, {
        hasRead: true,
        notificationTargetIds: allOf === undefined ? ids : await unreadOfNotificationsTab(ids, allOf),
      } satisfies EndpointRequest<typeof setNotificationsRead>),
    onMutate: ({ ids, allOf }) =>
      patchList(queryClient, (data) => {
        const read = markReadIn(data, ids);
        return allOf === undefined ? read : { ...read, unread: { ...read.unread, notifications: 0 } };
      }),
    onError: (error, { allOf }, previous) => {
      if (previous) queryClient.setQueryData(notificationKeys.list(), previous);
      logFailure(allOf === undefined ? 'mark as read' : 'mark all as read', error);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationKeys.lists() }),
  });
}

/** SetDismissed: the card leaves at once and comes back if the call fails. */
export function useDismiss() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      request<EndpointResponse<typeof setNotificationsDismissed>>(
        NOTIFICATION_API.setDismissed.method,
        NOTIFICATION_API.setDismissed.path,
        { isDismissed: true, notificationTargetIds: [id] } satisfies EndpointRequest<typeof setNotificationsDismissed>,
      ),
    onMutate: (id) => patchList(queryClient, (data) => dismissIn(data, id)),
    onError: (error, _id, previous) => {
      if (previous) queryClient.setQueryData(notificationKeys.list(), previous);
      logFailure('delete', error);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationKeys.lists() }),
  });
}

/** Accounts whose name contains `search` (at most 20), for the announcement's audience. */
export function useAudienceAccounts(search: string, enabled: boolean) {
  return useQuery({
    queryKey: notificationKeys.audienceAccounts(search),
    queryFn: ({ signal }) =>
      request<EndpointResponse<typeof accountOptions>>(
        'GET',
        ACCOUNT_OPTIONS_PATH,
        (search ? { search } : {}) satisfies EndpointRequest<typeof accountOptions>,
        { signal },
      ),
    enabled,
    // Typing keeps the previous matches on screen until the new ones arrive.
    placeholderData: keepPreviousData,
  });
}

/** Publishes an announcement; unlike the poll's calls, its failures are the form's to show. */
export function usePublishAnnouncement() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (payload: EndpointRequest<typeof publishAnnouncement>) =>
      request<EndpointResponse<typeof publishAnnouncement>>('POST', PUBLISH_PATH, payload),
    // The publisher may be one of the recipients.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: notificationKeys.lists() }),
  });
}
