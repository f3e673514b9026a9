import type { StatusChangeEntity, StatusChangeKind } from '@ads/contracts';
import type { TFunction } from '../../../shared/i18n/translate';
import { errorDetails, isApiError } from '../../../shared/api-client';
import { apiErrorText } from '../../../shared/format';
import { exactProblem, fieldProblem, problemTranslator, serverFieldProblem as serverProblem, tooLongProblem } from '../../../shared/i18n/field-problems';

/** "Terminate campaign" (i18next reads the kind's dot as nesting: kind.campaign.terminate). */
export const kindLabel = (t: TFunction, kind: StatusChangeKind): string => t(`requests.kind.${kind}`);

/** A campaign's, slot's or account's status in words; an unknown one (a newer server) as sent. */
export const entityStatusLabel = (t: TFunction, entity: StatusChangeEntity, status: string): string =>
  t(`requests.entityStatus.${entity}.${status}`, { defaultValue: status });

const STATE_CODES = { CAMPAIGN_STATE: 'campaign', AD_SLOT_STATE: 'adSlot', ACCOUNT_STATE: 'account' } as const;
type StateCode = keyof typeof STATE_CODES;
const isStateCode = (code: string): code is StateCode => code in STATE_CODES;

/**
 * A failed call in the user's language. 409s that mean "the world moved" say what it is now: the
 * entity's status (nothing was applied) or the request's (decided or cancelled meanwhile).
 */
export function errorText(t: TFunction, error: unknown): string {
  if (isApiError(error) && isStateCode(error.code)) {
    const entity = STATE_CODES[error.code];
    const status = errorDetails(error, error.code)?.status;
    return status ? t(`requests.errors.${error.code}`, { status: entityStatusLabel(t, entity, status) }) : t('requests.errors.stateUnknown', { entity: t(`requests.entity.${entity}`) });
  }
  return apiErrorText(t, error, 'requests.errors');
}

/** Whether the failure means the page shows an older state than the server's (reload it). */
export const isOutOfDate = (error: unknown): boolean =>
  isApiError(error) && (error.code === 'STALE_VERSION' || error.code === 'REQUEST_STATE' || error.code === 'NOT_FOUND' || isStateCode(error.code));

const problemText = problemTranslator('requests.problems', [
  exactProblem('Please give a reason.', 'reasonMissing'),
  exactProblem('The text contains characters that cannot be stored (such as NUL).', 'textUnsafe'),
  tooLongProblem('tooLong'),
]);

/** The first problem the contract finds with a field's value, in the user's language; null when none. */
export const checkField = (t: TFunction, schema: Parameters<typeof fieldProblem>[2], value: string) => fieldProblem(t, problemText, schema, value);

/** The server's message for one field of a 400, in the user's language. */
export const serverFieldProblem = (t: TFunction, error: unknown, field: string) => serverProblem(t, problemText, error, field);
