import type { ComponentProps } from 'react';
import { useTranslation } from '../../../shared/i18n/translate';
import { ListResults } from '../../../shared/list/list-results';
import { errorText } from './format';

type Props = Omit<ComponentProps<typeof ListResults>, 'rangeText' | 'errorText' | 'retryLabel'>;

/** A list of this area's results (ListResults) with its range, error and retry texts. */
export function ChoiceResults(props: Props) {
  const { t } = useTranslation();
  return (
    <ListResults
      rangeText={(range) => t('brandSafety.common.range', range)}
      errorText={(error) => errorText(t, error)}
      retryLabel={t('brandSafety.common.retry')}
      {...props}
    />
  );
}
