import { ENTITY_SEARCH, type NotificationInfo, type SearchableEntity } from '@ads/contracts';

/**
 * Where a notification's link leads: its menu's page, opened on the thing it speaks of when its
 * values name one (`campaignId` → `?campaign=…`, `imageId` → `?image=…`, as the header search opens
 * them), so "Winter Warmers was rejected" shows Winter Warmers, not just the list.
 */
export const notificationLink = (info: Pick<NotificationInfo, 'params'>, menuUrl: string): string => {
  const params = info.params ?? {};
  // A status change request opens on Request Management, whatever the entity it is about.
  if (typeof params.requestId === 'number') return `/requestManagement/statusManagement?request=${params.requestId}`;
  // A publication request: its drawer on Request Approvals, its videos marked on Content Review.
  if (typeof params.contentRequestId === 'number') return `/${menuUrl}?request=${params.contentRequestId}`;
  // A password reset asked of staff: the account's drawer on the menu's account page.
  if (typeof params.accountId === 'number') return `/${menuUrl}?account=${params.accountId}`;
  // A scheduled report's run: the report's schedule and runs (with the CSV) on the Data Insights page.
  if (typeof params.savedReportId === 'number') return `/${menuUrl}?runs=${params.savedReportId}`;
  for (const kind of Object.keys(ENTITY_SEARCH) as SearchableEntity[]) {
    const id = params[`${kind}Id`];
    if (typeof id === 'number') return `/${menuUrl}?${ENTITY_SEARCH[kind].param}=${id}`;
  }
  return `/${menuUrl}`;
};
