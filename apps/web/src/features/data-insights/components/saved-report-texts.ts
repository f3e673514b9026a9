import { SAVED_REPORTS_MAX, type SavedReport } from '@ads/contracts';
import type { TFunction } from '../../../shared/i18n/translate';
import { isApiError } from '../../../shared/api-client';
import { networkErrorText } from '../../../shared/format';

// What the saved-reports bar and its list both say and where a saved report opens.

/** A failed change in the reader's language: the feature's sentence for the code, else the server's. */
export const savedErrorText = (t: TFunction, error: unknown): string => {
  if (isApiError(error) && error.code === 'NETWORK_ERROR') return networkErrorText(t);
  if (isApiError(error))
    return t(`dataInsights.saved.errors.${error.code}`, { max: SAVED_REPORTS_MAX, defaultValue: error.detail || t('dataInsights.saved.errors.generic') });
  return t('dataInsights.saved.errors.generic');
};

/** A name problem the server found is shown under the field; the name's own sentence when the server gave one. */
export const nameErrorText = (t: TFunction, error: unknown): string =>
  isApiError(error) && error.code === 'VALIDATION_FAILED' && error.fields?.name ? error.fields.name : savedErrorText(t, error);

/** The page's parameter that shows a saved report's schedule and runs (the Action Center links to it). */
export const RUNS_PARAM = 'runs';

/** Where a saved report opens: staff's page takes the type in its query, the others in the path. */
export const savedReportPath = (report: Pick<SavedReport, 'type' | 'query'>, platform: boolean): string => {
  if (!platform) return `/dataInsights/${report.type}${report.query ? `?${report.query}` : ''}`;
  const query = [report.type === 'publisher' ? 'type=publisher' : '', report.query].filter(Boolean).join('&');
  return `/dataInsights${query ? `?${query}` : ''}`;
};
