import type { CampaignHistoryChange } from '@ads/contracts';
import type { TFunction } from '../../../shared/i18n/translate';
import { formatDateTime } from '../../../shared/format';
import { formatCount, formatList, formatMoney } from '../components/format';

// A change history's values as a reader reads them: money in the campaign's currency, instants in
// the reader's time, regions and devices by name, chosen slots by name, the rest by its label.

export interface ValueContext {
  t: TFunction;
  language: string;
  currency: string;
  regionName: (code: string) => string;
  slotName: (id: number) => string;
}

const MONEY = new Set(['dailyBudgetMinor', 'totalBudgetMinor', 'maxBidMinor', 'bidOverrideMinor']);
const INSTANTS = new Set(['startAt', 'endAt']);
/** A draft's save counts what it did to its ad groups and ads: only the count after is news. */
const TALLIES = new Set(['adGroupsAdded', 'adGroupsRemoved', 'adsAdded', 'adsRemoved', 'adsEdited']);

const hour = (value: number) => `${String(value).padStart(2, '0')}:00`;

type Daypart = { day: number; fromHour: number; toHour: number };
const isDaypart = (v: unknown): v is Daypart => !!v && typeof v === 'object' && typeof (v as Daypart).day === 'number';

/** "Mon 09:00–17:00, Tue …", by the reader's weekday names (0 = Sunday). */
export function daypartsText(parts: readonly Daypart[], language: string): string {
  // 2023-01-01 was a Sunday.
  const weekday = (day: number) => new Intl.DateTimeFormat(language, { weekday: 'short', timeZone: 'UTC' }).format(new Date(Date.UTC(2023, 0, 1 + day)));
  return formatList(
    [...parts].sort((a, b) => a.day - b.day || a.fromHour - b.fromHour).map((part) => `${weekday(part.day)} ${hour(part.fromHour)}–${hour(part.toHour)}`),
    language,
  );
}

/** One value of a field, as text. */
export function valueText(field: string, value: unknown, c: ValueContext): string {
  const { t, language } = c;
  const v = (key: string) => t(`campaigns.page.history.value.${key}`);
  if (MONEY.has(field)) return typeof value === 'number' ? formatMoney(value, c.currency, language) : field === 'bidOverrideMinor' ? v('none') : v('notSet');
  if (INSTANTS.has(field)) return typeof value === 'string' ? formatDateTime(value, language) : field === 'endAt' ? v('noEnd') : v('notSet');
  if (TALLIES.has(field) && typeof value === 'number') return formatCount(value, language);
  const list = Array.isArray(value) ? (value as unknown[]) : null;
  switch (field) {
    case 'status':
      return typeof value === 'string' ? t(`campaigns.common.status.${value}`, { defaultValue: value }) : '—';
    case 'bidStrategy':
      return typeof value === 'string' ? t(`campaigns.common.bidStrategy.${value}`, { defaultValue: value }) : v('notSet');
    case 'objective':
      return typeof value === 'string' ? t(`campaigns.common.objective.${value}`, { defaultValue: value }) : v('notSet');
    case 'dayparting':
      return list?.length ? daypartsText(list.filter(isDaypart), language) : v('allHours');
    case 'frequencyCap': {
      const cap = value as { impressions?: number; period?: string } | null;
      return cap && typeof cap.impressions === 'number' && cap.period
        ? t(`campaigns.list.drawer.frequency.${cap.period}`, { count: cap.impressions })
        : v('noCap');
    }
    case 'regions':
      return list?.length ? formatList(list.map((code) => c.regionName(String(code))), language) : v('allRegions');
    case 'devices':
      return list?.length ? formatList(list.map((device) => t(`campaigns.common.device.${String(device)}`, { defaultValue: String(device) })), language) : v('allDevices');
    case 'format':
      return typeof value === 'string' ? t(`campaigns.common.format.${value}`, { defaultValue: value }) : v('notSet');
    case 'slotMode':
      return value === 'chosen' ? v('chosenSlots') : v('allSlots');
    case 'slotIds':
      return list?.length ? formatList(list.map((id) => c.slotName(Number(id))), language) : v('none');
    default:
      if (value === null || value === undefined || value === '') return v('notSet');
      return typeof value === 'string' || typeof value === 'number' ? String(value) : JSON.stringify(value);
  }
}

/** "Daily budget", or "Ad group “G” · Regions" for an ad group's field; a field without a label reads "Other setting", never its key. */
export function fieldLabel(change: CampaignHistoryChange, t: TFunction): string {
  const name = t(`campaigns.page.history.field.${change.field}`, { defaultValue: t('campaigns.page.history.otherField') });
  return change.adGroup ? `${t('campaigns.page.history.inGroup', { name: change.adGroup.name ?? `#${change.adGroup.id}` })} · ${name}` : name;
}

/** "$100.00 → $40.00"; a value set where there was none (an ending's status) reads "set to …", a count just the count. */
export function changeText(change: CampaignHistoryChange, c: ValueContext): string {
  const after = valueText(change.field, change.after, c);
  if (TALLIES.has(change.field)) return after;
  if (change.field === 'status' && (change.before === null || change.before === undefined)) return c.t('campaigns.page.history.set', { after });
  return c.t('campaigns.page.history.arrow', { before: valueText(change.field, change.before, c), after });
}
