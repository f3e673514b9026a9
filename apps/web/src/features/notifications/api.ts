import { NOTIFICATION_POLL_MS, type NotificationsFilter, type NotificationsResponse } from '@ads/contracts';
import { queryOptions, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import i18next from '../../shared/i18n/translate';
import { callEndpoint } from '../../shared/data/call-endpoint';
import { queryKeys } from '../../shared/data/query-keys';
import { isLanguage } from '../../shared/i18n/i18n';

// The bell polls on every page, so this module is on the landing page: the contracts are imported
// as types only (calls go by key, shared/data/call-endpoint.ts). The popup's calls are in
// action-api.ts, loaded with the popup.

/** Every query of the Action Center. */
export const notificationKeys = {
  all: queryKeys.notifications,
  lists: () => queryKeys.notificationLists,
  /** The poll: `{}` is the caller's newest page (the default filter). */
  list: () => [...queryKeys.notificationLists, {}] as const,
  /** Accounts offered by the announcement form's audience picker. */
  audienceAccounts: (search: string) => [...queryKeys.notifications, 'audienceAccounts', search] as const,
};

const isAbort = (error: unknown) => error instanceof DOMException && error.name === 'AbortError';

/** Failures of the Action Center's calls are only logged, never shown. */
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
      // The language shown: the server's title and content follow the header's switch too.
      const language = isLanguage(i18next.language) ? i18next.language : undefined;
      const filter: NotificationsFilter = { ...(cached ? { knownVersion: cached.version } : {}), ...(language ? { language } : {}) };
      try {
        const answer = await callEndpoint('notifications.notificationsList', filter, { signal });
        return answer.unchanged && cached ? cached : (answer as NotificationsResponse);
      } catch (error) {
        logFailure('loading notifications', error);
        throw error;
      }
    },
    // Every 60 s (NOTIFICATION_POLL_MS), also in a background tab, so that the bell stays current.
    refetchInterval: NOTIFICATION_POLL_MS,
    refetchIntervalInBackground: true,
    // The next poll is the retry.
    retry: false,
  });

/** The poll behind the bell; the popup reads the same cache. */
export const useNotificationsPoll = () => useQuery(notificationsQuery(useQueryClient()));
