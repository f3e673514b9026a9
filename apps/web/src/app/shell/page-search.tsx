import {
  ENTITY_SEARCH,
  ENTITY_SEARCH_LIMIT,
  ENTITY_SEARCH_MIN_CHARS,
  type EndpointResponse,
  type imageList,
  type MenuEntry,
  type SearchableEntity,
  type videoList,
} from '@ads/contracts';
import { FileImageOutlined, SearchOutlined, VideoCameraOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { AutoComplete, Input } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { request } from '../../shared/api-client';
import { useMenuTitle } from './use-menu-title';

const MAX_RESULTS = 8;
/** Entities are asked for once typing pauses this long. */
const ENTITY_DELAY_MS = 250;

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

interface Found {
  kind: SearchableEntity;
  id: number;
  name: string;
  thumbnailUrl: string | null;
}

type ListAnswer = EndpointResponse<typeof imageList> | EndpointResponse<typeof videoList>;

/** The one query-key factory of the header search. */
const searchKeys = {
  entities: (kind: SearchableEntity, query: string) => ['shell-search', kind, query] as const,
};

/**
 * Images or videos named like the query, newest first, through the library's own list call (same
 * tenancy); asked only when the user's menu has the page that opens them.
 */
function useEntitySearch(kind: SearchableEntity, query: string, allowed: boolean) {
  return useQuery({
    queryKey: searchKeys.entities(kind, query),
    queryFn: async ({ signal }): Promise<Found[]> => {
      const answer = await request<ListAnswer>('GET', ENTITY_SEARCH[kind].path, { search: query, pageSize: ENTITY_SEARCH_LIMIT }, { signal });
      return answer.items.map((item) => ({
        kind,
        id: item.id,
        name: item.name,
        thumbnailUrl: 'thumbnailUrl' in item ? item.thumbnailUrl : item.posterUrl,
      }));
    },
    enabled: allowed && query.length >= ENTITY_SEARCH_MIN_CHARS,
    staleTime: 30_000,
  });
}

const entityUrl = (found: Pick<Found, 'kind' | 'id'>) => `${ENTITY_SEARCH[found.kind].page}?${ENTITY_SEARCH[found.kind].param}=${found.id}`;

/**
 * The header's search: pages of the user's menu as they type, then the images and videos of the
 * user's account named like the query (when the menu has their library). Enter or a click opens one.
 */
export function PageSearch({ pages }: { pages: MenuEntry[] }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const titleOf = useMenuTitle();
  const [query, setQuery] = useState('');
  const [settled, setSettled] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setSettled(query.trim()), ENTITY_DELAY_MS);
    return () => clearTimeout(timer);
  }, [query]);

  const has = (kind: SearchableEntity) => pages.some((page) => page.url === ENTITY_SEARCH[kind].page);
  const searchesImages = has('image');
  const searchesVideos = has('video');
  const images = useEntitySearch('image', settled, searchesImages);
  const videos = useEntitySearch('video', settled, searchesVideos);

  const pageMatches = useMemo(() => searchPages(pages, query, titleOf), [pages, query, titleOf]);
  // Entity results belong to the query they were found for: none while it is being retyped.
  const current = settled === query.trim();
  const imageMatches = (current && images.data) || [];
  const videoMatches = (current && videos.data) || [];
  const looking = !current || images.isFetching || videos.isFetching;

  const go = (url: string) => {
    setQuery('');
    setSettled('');
    navigate(`/${url}`);
  };

  const entityOption = (found: Found) => ({
    value: entityUrl(found),
    label: (
      <div className="page-search-option is-entity">
        {found.thumbnailUrl ? (
          <img className="page-search-thumb" src={found.thumbnailUrl} alt="" />
        ) : (
          <span className="page-search-thumb" aria-hidden="true">
            {found.kind === 'image' ? <FileImageOutlined /> : <VideoCameraOutlined />}
          </span>
        )}
        <span className="page-search-name">{found.name}</span>
      </div>
    ),
  });

  const options = [
    ...(pageMatches.length
      ? [
          {
            label: t('shell.searchGroups.pages'),
            options: pageMatches.map((page) => ({
              value: page.url,
              label: (
                <div className="page-search-option">
                  <span>{titleOf(page)}</span>
                  <span className="page-search-url">/{page.url}</span>
                </div>
              ),
            })),
          },
        ]
      : []),
    ...(imageMatches.length ? [{ label: t('shell.searchGroups.images'), options: imageMatches.map(entityOption) }] : []),
    ...(videoMatches.length ? [{ label: t('shell.searchGroups.videos'), options: videoMatches.map(entityOption) }] : []),
  ];
  const best = pageMatches[0]?.url ?? (imageMatches[0] && entityUrl(imageMatches[0])) ?? (videoMatches[0] && entityUrl(videoMatches[0]));
  const placeholder =
    searchesImages && searchesVideos
      ? t('shell.searchPlaceholderImagesVideos')
      : searchesVideos
        ? t('shell.searchPlaceholderVideos')
        : t('shell.searchPlaceholder');

  return (
    <AutoComplete
      className="page-search"
      value={query}
      onChange={setQuery}
      onSelect={(url: string) => go(url)}
      defaultActiveFirstOption
      notFoundContent={query.trim() ? (looking && query.trim().length >= ENTITY_SEARCH_MIN_CHARS && (searchesImages || searchesVideos) ? t('shell.searching') : t('shell.noMatches')) : null}
      options={options}
    >
      <Input
        aria-label={placeholder}
        placeholder={placeholder}
        prefix={<SearchOutlined aria-hidden="true" />}
        allowClear
        onPressEnter={() => {
          // With no option highlighted, Enter opens the best match.
          if (best && query) go(best);
        }}
      />
    </AutoComplete>
  );
}
