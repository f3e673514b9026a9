import type { MenuEntry } from '@ads/contracts';
import { useCallback } from 'react';
import { useTranslation } from '../../shared/i18n/translate';

/** Menu titles by the server's stable menu id, falling back to the title the server sent. */
export function useMenuTitle(): (entry: MenuEntry) => string {
  const { t } = useTranslation();
  return useCallback((entry: MenuEntry) => t(`menu.${entry.id}`, { defaultValue: entry.title }), [t]);
}
