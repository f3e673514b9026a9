import {
  MAX_PAGE_SIZE,
  NOTIFICATION_API,
  NOTIFICATION_POLL_MS,
  notificationTab,
  type accountOptions,
  type notificationsList,
  type NotificationsFilter,
  type NotificationsResponse,
  type publishAnnouncement,
  type setNotificationsDismissed,
  type setNotificationsRead,
} from '@ads/contracts';
import { keepPreviousData, queryOptions, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { callEndpoint, lightEndpoint } from '../../shared/data/endpoint-ref';
import { queryKeys } from '../../shared/data/query-keys';
import { useContractMutation } from '../../shared/data/use-contract-mutation';
import { useContractQuery } from '../../shared/data/use-contract-query';

// The bell polls on every page, so this module is on the landing page: the contracts are imported
// as types only and the calls are light endpoints (zod-free routes typed by those contracts).
// Paths of the zod-only contracts (a test checks them against the contracts).
export const PUBLISH_PATH = '/api/Notification/Publish';
export const ACCOUNT_OPTIONS_PATH = '/api/User/AccountOptions';

const api = {
  list: lightEndpoint<typeof notificationsList>(NOTIFICATION_API.list),
  setRead: lightEndpoint<typeof setNotificationsRead>(NOTIFICATION_API.setRead),
  setDismissed: lightEndpoint<typeof setNotificationsDismissed>(NOTIFICATION_API.setDismissed),
  publish: lightEndpoint<typeof publishAnnouncement>({ method: 'POST', path: PUBLISH_PATH }),
  accountOptions: lightEndpoint<typeof accountOptions>({ method: 'GET', path: ACCOUNT_OPTIONS_PATH }),
};

/** Every query of the Action Center. */
export const notificationKeys = queryKeys.notifications;

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
        const answer = await callEndpoint(api.list, filter, { signal });
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
  const answer = await callEndpoint(api.list, { tab: 'notifications', hasRead: false, pageSize: MAX_PAGE_SIZE });
  return answer.unchanged ? loaded : [...new Set([...loaded, ...answer.infos.map((info) => info.notificationId)])];
}

/** SetRead: optimistic, rolled back on failure, then the page is fetched again. */
export const useMarkRead = () =>
  useContractMutation(api.setRead, {
    toPayload: async ({ ids, allOf }: MarkReadVariables) => ({
      hasRead: true as const,
      notificationTargetIds: allOf === undefined ? ids : await unreadOfNotificationsTab(ids, allOf),
    }),
    optimistic: {
      queryKey: notificationKeys.list(),
      update: (data: NotificationsResponse | undefined, { ids, allOf }: MarkReadVariables) => {
        if (!data) return undefined;
        const read = markReadIn(data, ids);
        return allOf === undefined ? read : { ...read, unread: { ...read.unread, notifications: 0 } };
      },
    },
    invalidates: [notificationKeys.lists()],
    onError: (error, { allOf }) => logFailure(allOf === undefined ? 'mark as read' : 'mark all as read', error),
  });

/** SetDismissed: the card leaves at once and comes back if the call fails. */
export const useDismiss = () =>
  useContractMutation(api.setDismissed, {
    toPayload: (id: number) => ({ isDismissed: true as const, notificationTargetIds: [id] }),
    optimistic: { queryKey: notificationKeys.list(), update: (data: NotificationsResponse | undefined, id: number) => data && dismissIn(data, id) },
    invalidates: [notificationKeys.lists()],
    onError: (error) => logFailure('delete', error),
  });

/** Accounts whose name contains `search` (at most 20), for the announcement's audience. */
export const useAudienceAccounts = (search: string, enabled: boolean) =>
  useContractQuery(api.accountOptions, search ? { search } : {}, {
    queryKey: notificationKeys.audienceAccounts(search),
    enabled,
    // Typing keeps the previous matches on screen until the new ones arrive.
    placeholderData: keepPreviousData,
  });

/** Publishes an announcement; unlike the poll's calls, its failures are the form's to show. The publisher may be one of the recipients. */
export const usePublishAnnouncement = () => useContractMutation(api.publish, { invalidates: [notificationKeys.lists()] });
