import { ENTITY_SEARCH, type MenuEntry, type SearchableEntity } from '@ads/contracts';
import { useTranslation } from '../../shared/i18n/translate';

/** The pages that open a kind, in order of preference. */
const pagesOpening = (kind: SearchableEntity): readonly string[] => {
  const entry = ENTITY_SEARCH[kind];
  return 'alsoPages' in entry ? [entry.page, ...entry.alsoPages] : [entry.page];
};

export const SEARCHABLE_KINDS = Object.keys(ENTITY_SEARCH) as SearchableEntity[];

/** The user's page that opens each kind, if any: only those kinds are searched. */
export const searchOpeners = (pages: readonly MenuEntry[]) =>
  Object.fromEntries(SEARCHABLE_KINDS.map((kind) => [kind, pagesOpening(kind).find((url) => pages.some((page) => page.url === url))])) as Record<
    SearchableEntity,
    string | undefined
  >;

/** "Search pages, campaigns, folders, and images": what this user's search looks through. */
export function useSearchPlaceholder(pages: readonly MenuEntry[]): string {
  const { t, i18n } = useTranslation();
  const openers = searchOpeners(pages);
  const searched = ['pages', ...SEARCHABLE_KINDS.filter((kind) => openers[kind] !== undefined)].map((word) => t(`shell.searchWords.${word}`));
  return t('shell.searchPlaceholder', { what: new Intl.ListFormat(i18n.language, { type: 'conjunction' }).format(searched) });
}
