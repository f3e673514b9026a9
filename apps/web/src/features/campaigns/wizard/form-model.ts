import {
  BID_LIMITS,
  campaignDocumentSchema,
  campaignProblems,
  type AdFormat,
  type BidStrategy,
  type CampaignDetail,
  type CampaignDocument,
  type CampaignObjective,
  type Daypart,
  type Device,
  type Region,
} from '@ads/contracts';
import { toMajor, toMinor } from '../../../shared/money';

// The wizard's form: what the user types (money in major units, dates as days), turned into the
// contract's document (integer minor units, ISO instants) only when it is sent or checked.

/** What the wizard shows of a creative beside its id (not sent: the server names it by id). */
export interface CreativePreview {
  kind: AdFormat;
  id: number;
  name: string;
  previewUrl: string | null;
}

export interface AdForm {
  /** A stable React key (ids come only once saved). */
  key: string;
  id?: number;
  format: AdFormat | null;
  image: CreativePreview | null;
  video: CreativePreview | null;
  headline: string;
  description: string;
  landingUrl: string;
  /** Why the last review rejected this ad (a rejected campaign's). */
  rejection?: string | null;
}

export interface AdGroupForm {
  key: string;
  id?: number;
  name: string;
  regions: Region[];
  devices: Device[];
  slotMode: 'all' | 'chosen';
  slotIds: number[];
  bidOverride: number | null;
  ads: AdForm[];
}

export interface WizardForm {
  name: string;
  objective: CampaignObjective | null;
  dailyBudget: number | null;
  totalBudget: number | null;
  /** YYYY-MM-DD, local days. */
  startDate: string;
  endDate: string;
  daypartMode: 'always' | 'chosen';
  dayparting: Daypart[];
  bidStrategy: BidStrategy | null;
  maxBid: number | null;
  frequencyCapOn: boolean;
  frequencyImpressions: number | null;
  frequencyPeriod: 'day' | 'week';
  adGroups: AdGroupForm[];
}

let nextKey = 0;
export const newKey = (): string => `k${Date.now().toString(36)}${(nextKey++).toString(36)}`;

export const emptyAd = (): AdForm => ({ key: newKey(), format: 'image', image: null, video: null, headline: '', description: '', landingUrl: '' });
export const emptyAdGroup = (): AdGroupForm => ({
  key: newKey(),
  name: '',
  regions: [],
  devices: [],
  slotMode: 'all',
  slotIds: [],
  bidOverride: null,
  ads: [emptyAd()],
});

export const emptyForm = (): WizardForm => ({
  name: '',
  objective: null,
  dailyBudget: null,
  totalBudget: null,
  startDate: '',
  endDate: '',
  daypartMode: 'always',
  dayparting: [],
  bidStrategy: null,
  maxBid: null,
  frequencyCapOn: false,
  frequencyImpressions: null,
  frequencyPeriod: 'day',
  adGroups: [emptyAdGroup()],
});

// ---- Dates ------------------------------------------------------------------------------------

/** A campaign starts at the start of its first day and ends at the end of its last (local time). */
export const dayToStart = (day: string): string | null => (day ? new Date(`${day}T00:00:00`).toISOString() : null);
export const dayToEnd = (day: string): string | null => (day ? new Date(`${day}T23:59:59.999`).toISOString() : null);
export function instantToDay(iso: string | null): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

// ---- Form ⇄ document ---------------------------------------------------------------------------

const text = (value: string): string | null => (value.trim() === '' ? null : value);

export function toDocument(form: WizardForm, digits: number): CampaignDocument {
  return {
    name: text(form.name),
    objective: form.objective,
    dailyBudgetMinor: toMinor(form.dailyBudget, digits),
    totalBudgetMinor: toMinor(form.totalBudget, digits),
    startAt: dayToStart(form.startDate),
    endAt: dayToEnd(form.endDate),
    dayparting: form.daypartMode === 'chosen' ? form.dayparting : [],
    bidStrategy: form.bidStrategy,
    maxBidMinor: toMinor(form.maxBid, digits),
    frequencyCap: form.frequencyCapOn && form.frequencyImpressions !== null ? { impressions: form.frequencyImpressions, period: form.frequencyPeriod } : null,
    adGroups: form.adGroups.map((group) => ({
      ...(group.id ? { id: group.id } : {}),
      name: text(group.name),
      regions: group.regions,
      devices: group.devices,
      slotMode: group.slotMode,
      slotIds: group.slotMode === 'chosen' ? group.slotIds : [],
      bidOverrideMinor: toMinor(group.bidOverride, digits),
      ads: group.ads.map((ad) => ({
        ...(ad.id ? { id: ad.id } : {}),
        format: ad.format,
        imageId: ad.format === 'image' ? (ad.image?.id ?? null) : null,
        videoId: ad.format === 'video' ? (ad.video?.id ?? null) : null,
        headline: text(ad.headline),
        description: text(ad.description),
        landingUrl: text(ad.landingUrl),
      })),
    })),
  };
}

export function fromDetail(detail: CampaignDetail, digits: number): WizardForm {
  const rejected = detail.status === 'rejected';
  return {
    name: detail.name,
    objective: detail.objective,
    dailyBudget: toMajor(detail.dailyBudgetMinor, digits),
    totalBudget: toMajor(detail.totalBudgetMinor, digits),
    startDate: instantToDay(detail.startAt),
    endDate: instantToDay(detail.endAt),
    daypartMode: detail.dayparting.length > 0 ? 'chosen' : 'always',
    dayparting: detail.dayparting,
    bidStrategy: detail.bidStrategy,
    maxBid: toMajor(detail.maxBidMinor, digits),
    frequencyCapOn: detail.frequencyCap !== null,
    frequencyImpressions: detail.frequencyCap?.impressions ?? null,
    frequencyPeriod: detail.frequencyCap?.period ?? 'day',
    adGroups: detail.adGroups.map((group) => ({
      key: newKey(),
      id: group.id,
      name: group.name ?? '',
      regions: group.regions,
      devices: group.devices,
      slotMode: group.slotMode,
      slotIds: group.slotIds,
      bidOverride: toMajor(group.bidOverrideMinor, digits),
      ads: group.ads.map((ad) => {
        const creative = ad.creative ? { kind: ad.creative.kind, id: ad.creative.id, name: ad.creative.name, previewUrl: ad.creative.previewUrl } : null;
        return {
          key: newKey(),
          id: ad.id,
          format: ad.format,
          image: ad.imageId ? (creative?.kind === 'image' ? creative : { kind: 'image' as const, id: ad.imageId, name: `#${ad.imageId}`, previewUrl: null }) : null,
          video: ad.videoId ? (creative?.kind === 'video' ? creative : { kind: 'video' as const, id: ad.videoId, name: `#${ad.videoId}`, previewUrl: null }) : null,
          headline: ad.headline ?? '',
          description: ad.description ?? '',
          landingUrl: ad.landingUrl ?? '',
          rejection: rejected && ad.reviewOutcome === 'rejected' ? ad.reviewReason : null,
        };
      }),
    })),
  };
}

/** The ids a save answered, given to the groups and ads of the form in the order they were sent. */
export function withSavedIds(form: WizardForm, detail: CampaignDetail, sent: WizardForm): WizardForm {
  const groupIds = new Map(sent.adGroups.map((group, i) => [group.key, detail.adGroups[i]]));
  const adIds = new Map(sent.adGroups.flatMap((group, i) => group.ads.map((ad, j) => [ad.key, detail.adGroups[i]?.ads[j]?.id] as const)));
  return {
    ...form,
    adGroups: form.adGroups.map((group) => ({
      ...group,
      id: groupIds.get(group.key)?.id ?? group.id,
      ads: group.ads.map((ad) => ({ ...ad, id: adIds.get(ad.key) ?? ad.id })),
    })),
  };
}

// ---- Checks -----------------------------------------------------------------------------------

/**
 * The wizard's own rules beside the contract's: choices the document cannot express, and the
 * contract's rules across fields, which zod only weighs once every field is filled (so the user
 * hears of them while filling). Same sentences as the contract's; the server judges again.
 */
function ownProblems(form: WizardForm, document: CampaignDocument): Record<string, string> {
  const problems: Record<string, string> = {};
  if (form.daypartMode === 'chosen' && form.dayparting.length === 0) problems.dayparting = 'campaigns.wizard.rules.daypartingEmpty';
  if (form.frequencyCapOn && form.frequencyImpressions === null) problems.frequencyCap = 'campaigns.wizard.rules.frequencyEmpty';
  const { dailyBudgetMinor: daily, totalBudgetMinor: total, startAt, endAt, bidStrategy, maxBidMinor } = document;
  if (daily && total && daily > total) problems.dailyBudgetMinor = 'The daily budget cannot be more than the total budget.';
  if (startAt && endAt && Date.parse(endAt) <= Date.parse(startAt)) problems.endAt = 'The end date must be after the start date.';
  const bidProblem = (bid: number | null | undefined) => {
    if (!bidStrategy || bid === null || bid === undefined) return undefined;
    const limits = BID_LIMITS[bidStrategy];
    return bid < limits.min || bid > limits.max ? `A ${bidStrategy.toUpperCase()} bid must be between ${limits.min} and ${limits.max} cents.` : undefined;
  };
  const bid = bidProblem(maxBidMinor);
  if (bid) problems.maxBidMinor = bid;
  (document.adGroups ?? []).forEach((group, g) => {
    const override = bidProblem(group.bidOverrideMinor);
    if (override) problems[`adGroups.${g}.bidOverrideMinor`] = override;
    if (group.slotMode === 'chosen' && !group.slotIds?.length) problems[`adGroups.${g}.slotIds`] = 'Please choose at least one ad slot, or target every eligible slot.';
    (group.ads ?? []).forEach((ad, a) => {
      if (ad.format === 'image' && !ad.imageId) problems[`adGroups.${g}.ads.${a}.imageId`] = 'Please choose an image.';
      if (ad.format === 'video' && !ad.videoId) problems[`adGroups.${g}.ads.${a}.videoId`] = 'Please choose a video.';
    });
  });
  return problems;
}

/** What a draft save would refuse (values filled but invalid), by document path. */
export function draftProblems(form: WizardForm, digits: number): Record<string, string> {
  const result = campaignDocumentSchema.safeParse(toDocument(form, digits));
  const problems: Record<string, string> = {};
  if (!result.success) for (const issue of result.error.issues) problems[issue.path.join('.')] ??= issue.message;
  return problems;
}

/** What would block submission, by document path (the contract's rules, then the wizard's). */
export function submitProblems(form: WizardForm, digits: number): Record<string, string> {
  const document = toDocument(form, digits);
  const problems = campaignProblems(document);
  // In document order, the contract's sentence first where both speak.
  return Object.fromEntries(
    Object.entries({ ...ownProblems(form, document), ...problems }).sort(([a], [b]) => pathOrder(a) - pathOrder(b) || a.localeCompare(b)),
  );
}

const FIELD_ORDER = ['name', 'objective', 'dailyBudgetMinor', 'totalBudgetMinor', 'startAt', 'endAt', 'dayparting', 'bidStrategy', 'maxBidMinor', 'frequencyCap', 'adGroups'];
/** Campaign fields in the wizard's order, then ad groups by index (their own fields by step). */
function pathOrder(path: string): number {
  const [head, group, field, ad] = path.split('.');
  const base = FIELD_ORDER.indexOf(head ?? '');
  if (head !== 'adGroups' || group === undefined) return base * 1_000_000;
  return base * 1_000_000 + stepOf(path) * 100_000 + Number(group) * 1_000 + (field === 'ads' && ad !== undefined ? Number(ad) + 1 : 0);
}

export const STEPS = ['basics', 'budget', 'targeting', 'ads', 'review'] as const;
export type StepName = (typeof STEPS)[number];

/** The step that holds a document path's field. */
export function stepOf(path: string): number {
  const [head, , next, , leaf] = path.split('.');
  if (head === 'name' || head === 'objective') return 0;
  if (head === 'adGroups') {
    if (next === 'ads' || leaf !== undefined) return 3;
    return 2;
  }
  return head === '' ? 4 : 1;
}

/** The DOM id of the input of a document path (problems link to it). */
export const fieldId = (path: string): string => `wizard-${path.replace(/\./g, '-')}`;
