import { MAX_PAGE_SIZE, notificationTab, type NotificationsResponse } from '@ads/contracts';
import { keepPreviousData } from '@tanstack/react-query';
import { callEndpoint } from '../../shared/data/call-endpoint';
import { useContractMutation } from '../../shared/data/use-contract-mutation';
import { useContractQuery } from '../../shared/data/use-contract-query';
import { logFailure, notificationKeys } from './api';

// The popup's and the announcement form's calls. Only those (lazy) components import this
// module, so the data hooks stay off the landing page.

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
  const answer = await callEndpoint('notifications.notificationsList', { tab: 'notifications', hasRead: false, pageSize: MAX_PAGE_SIZE });
  return answer.unchanged ? loaded : [...new Set([...loaded, ...answer.infos.map((info) => info.notificationId)])];
}

/** SetRead: optimistic, rolled back on failure, then the page is fetched again. */
export const useMarkRead = () =>
  useContractMutation('notifications.setNotificationsRead', {
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
  useContractMutation('notifications.setNotificationsDismissed', {
    toPayload: (id: number) => ({ isDismissed: true as const, notificationTargetIds: [id] }),
    optimistic: { queryKey: notificationKeys.list(), update: (data: NotificationsResponse | undefined, id: number) => data && dismissIn(data, id) },
    invalidates: [notificationKeys.lists()],
    onError: (error) => logFailure('delete', error),
  });

/** Accounts whose name contains `search` (at most 20), for the announcement's audience. */
export const useAudienceAccounts = (search: string, enabled: boolean) =>
  useContractQuery('identity.accountOptions', search ? { search } : {}, {
    queryKey: notificationKeys.audienceAccounts(search),
    enabled,
    // Typing keeps the previous matches on screen until the new ones arrive.
    placeholderData: keepPreviousData,
  });

/** Publishes an announcement; unlike the poll's calls, its failures are the form's to show. The publisher may be one of the recipients. */
export const usePublishAnnouncement = () => useContractMutation('notifications.publishAnnouncement', { invalidates: [notificationKeys.lists()] });
