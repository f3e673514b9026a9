import type { MenuEntry } from '@ads/contracts';
import { SearchOutlined } from '@ant-design/icons';
import { AutoComplete, Input } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useMenuTitle } from './use-menu-title';

const MAX_RESULTS = 8;

/** Pages whose translated title or url contains the query; title matches first. */
export function searchPages(pages: readonly MenuEntry[], query: string, titleOf: (entry: MenuEntry) => string): MenuEntry[] {
  const q = query.trim().toLowerCase();
  if (!q) return [];
  const seen = new Set<string>();
  const unique = pages.filter((page) => !seen.has(page.url) && seen.add(page.url));
  const titleHits = unique.filter((page) => titleOf(page).toLowerCase().includes(q));
  const urlHits = unique.filter((page) => !titleHits.includes(page) && page.url.toLowerCase().includes(q));
  return [...titleHits, ...urlHits].slice(0, MAX_RESULTS);
}

/** The header's search: finds pages in the user's menu as they type; Enter or a click opens one. */
export function PageSearch({ pages }: { pages: MenuEntry[] }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const titleOf = useMenuTitle();
  const [query, setQuery] = useState('');
  const matches = useMemo(() => searchPages(pages, query, titleOf), [pages, query, titleOf]);

  const go = (url: string) => {
    setQuery('');
    navigate(`/${url}`);
  };

  return (
    <AutoComplete
      className="page-search"
      value={query}
      onChange={setQuery}
      onSelect={(url: string) => go(url)}
      defaultActiveFirstOption
      notFoundContent={query.trim() ? t('shell.noMatches') : null}
      options={matches.map((page) => ({
        value: page.url,
        label: (
          <div className="page-search-option">
            <span>{titleOf(page)}</span>
            <span className="page-search-url">/{page.url}</span>
          </div>
        ),
      }))}
    >
      <Input
        aria-label={t('shell.search')}
        placeholder={t('shell.searchPlaceholder')}
        prefix={<SearchOutlined aria-hidden="true" />}
        allowClear
        onPressEnter={() => {
          // With no option highlighted, Enter opens the best match.
          const best = matches[0];
          if (best && query) go(best.url);
        }}
      />
    </AutoComplete>
  );
}
