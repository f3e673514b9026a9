import { ENTITY_SEARCH, type NotificationInfo, type SearchableEntity } from '@ads/contracts';

/**
 * Where a notification's link leads: its menu's page, opened on the thing it speaks of when its
 * values name one (`campaignId` → `?campaign=…`, `imageId` → `?image=…`, as the header search opens
 * them), so "Winter Warmers was rejected" shows Winter Warmers, not just the list.
 */
export const notificationLink = (info: Pick<NotificationInfo, 'params'>, menuUrl: string): string => {
  const params = info.params ?? {};
  for (const kind of Object.keys(ENTITY_SEARCH) as SearchableEntity[]) {
    const id = params[`${kind}Id`];
    if (typeof id === 'number') return `/${menuUrl}?${ENTITY_SEARCH[kind].param}=${id}`;
  }
  return `/${menuUrl}`;
};
