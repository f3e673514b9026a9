import { regionNames } from '@ads/contracts';
import { useMemo } from 'react';
import { useTranslation } from './i18n/translate';

/** Region names in the reader's language (the server's CSV uses the same `regionNames`). */
export function useRegionName(): (code: string) => string {
  const { i18n } = useTranslation();
  return useMemo(() => regionNames(i18n.language), [i18n.language]);
}
