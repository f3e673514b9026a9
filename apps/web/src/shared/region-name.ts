import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

/** A region's name in `language` (ISO code when the browser has no names). */
export function regionNames(language: string): (code: string) => string {
  try {
    const names = new Intl.DisplayNames([language], { type: 'region' });
    return (code: string) => names.of(code) ?? code;
  } catch {
    return (code: string) => code;
  }
}

/** Region names in the reader's language. */
export function useRegionName(): (code: string) => string {
  const { i18n } = useTranslation();
  return useMemo(() => regionNames(i18n.language), [i18n.language]);
}
