import type { TFunction } from '../../../shared/i18n/translate';
import { errorDetails, isApiError } from '../../../shared/api-client';
import { apiErrorText } from '../../../shared/format';

/** What a refused save or submit shows above the form when no field carries it. */
export type Banner = { kind: 'stale' } | { kind: 'state'; status: string } | { kind: 'failed'; text: string };

/** The banner's text (also its toast). */
export const bannerText = (t: TFunction, shown: Banner): string =>
  shown.kind === 'stale'
    ? t('campaigns.wizard.status.stale')
    : shown.kind === 'state'
      ? t('campaigns.wizard.status.state', { status: t(`campaigns.wizard.statuses.${shown.status}`, { defaultValue: shown.status }) })
      : shown.text;

/** Where the server's refusal shows: under the fields it names, or in a banner. */
export function failureOf(t: TFunction, error: unknown): { problems: Record<string, string> } | { banner: Banner } {
  if (isApiError(error) && error.code === 'NAME_TAKEN') return { problems: { name: 'campaigns.wizard.status.nameTaken' } };
  if (isApiError(error) && error.fields && Object.keys(error.fields).length > 0) return { problems: error.fields };
  if (isApiError(error) && error.code === 'STALE_VERSION') return { banner: { kind: 'stale' } };
  if (isApiError(error) && error.code === 'CAMPAIGN_STATE') return { banner: { kind: 'state', status: errorDetails(error, 'CAMPAIGN_STATE')?.status ?? '' } };
  return { banner: { kind: 'failed', text: t('campaigns.wizard.status.failed', { reason: apiErrorText(t, error, 'campaigns.wizard.errors') }) } };
}
