import { CAMPAIGN_SORT_FIELDS, CAMPAIGN_STATUSES, NAMED_RANGES, type CampaignListQuery, type CampaignSortField, type CampaignStatus, type NamedRange } from '@ads/contracts';
import { positiveInt } from '../../../shared/url-params';
import { choice, defineUrlState, optionalId, pageField, pageSizeField, searchField, useUrlState, type Field } from '../../../shared/list/url-state';

// The campaign lists' views in the URL query (#/campaign/list?status=active,paused&from=…&range=last30&campaign=7).

/** The advertiser list's figures open on the reports' default range (report-state.ts). */
export const DEFAULT_FIGURE_RANGE: NamedRange = 'last7';

/** The reader's time zone: the figures' days are theirs, as the reports' and the dashboards'. */
export const readerTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

export const PAGE_SIZES = [20, 50, 100] as const;

/** Statuses as the API takes them: comma-separated, each known one once. */
const statusesField: Field<CampaignStatus[]> = {
  param: 'status',
  read: (raw) => CAMPAIGN_STATUSES.filter((status) => (raw ?? '').split(',').includes(status)),
  write: (value) => (value.length ? CAMPAIGN_STATUSES.filter((status) => value.includes(status)).join(',') : undefined),
};

const isDay = (raw: string | null): raw is string => !!raw && /^\d{4}-\d{2}-\d{2}$/.test(raw) && !Number.isNaN(Date.parse(`${raw}T00:00:00Z`));
const dayField: Field<string | undefined> = { read: (raw) => (isDay(raw) ? raw : undefined), write: (value) => value };

export interface CampaignListState {
  search: string;
  statuses: CampaignStatus[];
  /** A date range (UTC days, inclusive): campaigns running on some day of it. */
  from?: string;
  to?: string;
  /**
   * The figures' named range (date-ranges.ts); not the days the campaigns run on (`from`/`to`).
   * The advertiser's list only: staff's lists show the campaigns' whole-life figures.
   */
  range?: NamedRange;
  sort: CampaignSortField;
  order: 'asc' | 'desc';
  page: number;
  pageSize: number;
  /** The campaign whose drawer is open (the header search and notifications link here). */
  campaign?: number;
}

const commonFields = {
  search: searchField,
  statuses: statusesField,
  from: dayField,
  to: dayField,
  order: choice(['asc', 'desc'] as const, 'desc'),
  page: pageField,
  pageSize: pageSizeField(PAGE_SIZES[0]),
  campaign: optionalId({ keepsPage: true }),
};

/** The figures' range: the default one is left out of the URL. */
const figureRangeField: Field<NamedRange | undefined> = {
  read: (raw) => NAMED_RANGES.find((range) => range === raw) ?? DEFAULT_FIGURE_RANGE,
  write: (value) => (value === DEFAULT_FIGURE_RANGE ? undefined : value),
};

/** A range whose end is before its start reads as its start only. */
const normalizeRange = <S extends { from?: string; to?: string }>(state: S): S =>
  state.from && state.to && state.to < state.from ? { ...state, to: undefined } : state;

export const campaignListState = defineUrlState<CampaignListState>({
  fields: { ...commonFields, sort: choice(CAMPAIGN_SORT_FIELDS, 'updatedAt'), range: figureRangeField },
  normalize: normalizeRange,
});
export const useCampaignListState = () => useUrlState(campaignListState);

/** The review queue (submitted campaigns), live campaigns with ads to review, or every campaign. */
export type StaffTab = 'queue' | 'ads' | 'all';

export interface StaffCampaignsState extends CampaignListState {
  tab: StaffTab;
  /** One advertiser's campaigns. */
  account?: number;
}

export const staffCampaignsState = defineUrlState<StaffCampaignsState>({
  fields: {
    ...commonFields,
    sort: choice(CAMPAIGN_SORT_FIELDS, 'updatedAt'),
    // Staff's lists show whole-life figures: no range.
    range: { read: () => undefined, write: () => undefined },
    tab: choice(['queue', 'ads', 'all'] as const, 'queue'),
    account: { read: positiveInt, write: (value) => (value ? String(value) : undefined) },
  },
  normalize: normalizeRange,
});
export const useStaffCampaignsState = () => useUrlState(staffCampaignsState);

/** The list request for a state, in the order the early call (app/router/early-calls.ts) names it. */
export function campaignListQuery(state: CampaignListState, timeZone = readerTimeZone()): CampaignListQuery {
  const query: CampaignListQuery = { sort: state.sort, order: state.order, page: state.page, pageSize: state.pageSize };
  if (state.range) {
    query.range = state.range;
    query.timeZone = timeZone;
  }
  if (state.search.trim()) query.search = state.search.trim();
  if (state.statuses.length) query.status = state.statuses.join(',');
  if (state.from) query.from = state.from;
  if (state.to) query.to = state.to;
  return query;
}

/** Staff's request: the queue tab lists what waits for review; every tab puts the queue first. */
export function staffListQuery(state: StaffCampaignsState): CampaignListQuery {
  const query = campaignListQuery(state.tab === 'queue' ? { ...state, statuses: ['pending_review'] } : state.tab === 'ads' ? { ...state, statuses: [] } : state);
  if (state.account) query.accountId = state.account;
  if (state.tab === 'ads') query.adReview = 'true';
  query.queueFirst = 'true';
  return query;
}

export const isFiltered = (state: CampaignListState & { account?: number }) =>
  !!(state.search.trim() || state.statuses.length || state.from || state.to || state.account);
