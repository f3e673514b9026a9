import {
  ENTITY_SEARCH,
  ENTITY_SEARCH_LIMIT,
  ENTITY_SEARCH_MIN_CHARS,
  type adSlotList,
  type campaignList,
  type EndpointResponse,
  type folderTree,
  type imageList,
  type MenuEntry,
  type SearchableEntity,
  type seriesList,
  type videoList,
} from '@ads/contracts';
import { AppstoreOutlined, FileImageOutlined, FolderOutlined, FundOutlined, SearchOutlined, UnorderedListOutlined, VideoCameraOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from '../../shared/i18n/translate';
import { useNavigate } from '../../shared/router/router';
import { callEndpoint } from '../../shared/data/call-endpoint';
import { SEARCHABLE_KINDS, searchOpeners, useSearchPlaceholder } from './search-scope';
import { useMenuTitle } from './use-menu-title';
import { AutoComplete } from '../../shared/ui/auto-complete';
import { Input, type InputRef } from '../../shared/ui/input';

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
  /** A second line: where a folder is, how many videos a series holds. */
  detail?: string;
}

type ListAnswer = EndpointResponse<typeof adSlotList> | EndpointResponse<typeof campaignList> | EndpointResponse<typeof imageList> | EndpointResponse<typeof videoList>;
type WholeListAnswer = EndpointResponse<typeof folderTree> | EndpointResponse<typeof seriesList>;
type ServerKind = 'adSlot' | 'campaign' | 'image' | 'video';
type LocalKind = 'folder' | 'series';

/** The one query-key factory of the header search. */
const searchKeys = {
  entities: (kind: ServerKind, query: string) => ['shell-search', kind, query] as const,
  /** Folders and series are fetched whole and filtered here: one entry per kind, not per query. */
  wholeList: (kind: LocalKind) => ['shell-search', kind] as const,
};

/**
 * Images or videos named like the query, newest first, through the library's own list call (same
 * tenancy); asked only when the user's menu has the page that opens them.
 */
function useEntitySearch(kind: ServerKind, query: string, allowed: boolean) {
  return useQuery({
    queryKey: searchKeys.entities(kind, query),
    queryFn: async ({ signal }): Promise<Found[]> => {
      const answer: ListAnswer = await callEndpoint(ENTITY_SEARCH[kind].endpoint, { search: query, pageSize: ENTITY_SEARCH_LIMIT }, { signal });
      return answer.items.map((item) => ({
        kind,
        id: item.id,
        name: item.name,
        thumbnailUrl: 'thumbnailUrl' in item ? item.thumbnailUrl : 'posterUrl' in item ? item.posterUrl : null,
        // A slot says where it is: its site or app.
        detail: 'propertyName' in item ? item.propertyName : undefined,
      }));
    },
    enabled: allowed && query.length >= ENTITY_SEARCH_MIN_CHARS,
    staleTime: 30_000,
  });
}

/** "Winter campaign / Display banners": the folders above one, outermost first. */
const folderPath = (folders: EndpointResponse<typeof folderTree>['items'], parentId: number | null): string => {
  const byId = new Map(folders.map((folder) => [folder.id, folder]));
  const names: string[] = [];
  for (let id = parentId; id !== null && names.length < folders.length; ) {
    const folder = byId.get(id);
    if (!folder) break;
    names.unshift(folder.name);
    id = folder.parentId;
  }
  return names.join(' / ');
};

/**
 * The caller's folders or series named like the query. Their list calls answer the whole (short)
 * list, so it is fetched once per search (again when a new search starts: it may have changed in
 * the library meanwhile) and filtered here as the query changes.
 */
function useWholeListSearch(kind: LocalKind, query: string, allowed: boolean) {
  const { t } = useTranslation();
  const list = useQuery({
    queryKey: searchKeys.wholeList(kind),
    queryFn: ({ signal }): Promise<WholeListAnswer> => callEndpoint(ENTITY_SEARCH[kind].endpoint, {}, { signal }),
    enabled: allowed && query.length >= ENTITY_SEARCH_MIN_CHARS,
    staleTime: 0,
  });
  const items = list.data?.items;
  const matches = useMemo((): Found[] => {
    const q = query.toLowerCase();
    if (!items || q.length < ENTITY_SEARCH_MIN_CHARS) return [];
    const named = items.filter((item) => item.name.toLowerCase().includes(q));
    // Names that start with the query first; otherwise the list's own order (by name).
    const ranked = [...named.filter((item) => item.name.toLowerCase().startsWith(q)), ...named.filter((item) => !item.name.toLowerCase().startsWith(q))];
    return ranked.slice(0, ENTITY_SEARCH_LIMIT).map((item) => ({
      kind,
      id: item.id,
      name: item.name,
      thumbnailUrl: null,
      detail:
        'parentId' in item
          ? folderPath(items as EndpointResponse<typeof folderTree>['items'], item.parentId) || undefined
          : t('shell.searchSeriesVideos', { count: item.videoCount }),
    }));
  }, [items, query, kind, t]);
  return { matches, isFetching: list.isFetching };
}

const KIND_ICONS: Record<SearchableEntity, ReactNode> = {
  adSlot: <AppstoreOutlined />,
  campaign: <FundOutlined />,
  folder: <FolderOutlined />,
  image: <FileImageOutlined />,
  series: <UnorderedListOutlined />,
  video: <VideoCameraOutlined />,
};

/**
 * The header's search: pages of the user's menu as they type, then the campaigns, folders, images,
 * series and videos the user may see named like the query (each only when the menu has a page that
 * opens it). Enter or a click opens one: a page, or that page opened on the one found.
 */
interface PageSearchProps {
  pages: MenuEntry[];
  /** What was typed in the header's plain box before this search loaded (header-search.tsx). */
  initialQuery?: string;
  autoFocus?: boolean;
  /** Enter was pressed in the plain box: open the best match once it is known. */
  initialEnter?: boolean;
}

export function PageSearch({ pages, initialQuery = '', autoFocus = false, initialEnter = false }: PageSearchProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const titleOf = useMenuTitle();
  const placeholder = useSearchPlaceholder(pages);
  const [query, setQuery] = useState(initialQuery);
  const [settled, setSettled] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setSettled(query.trim()), ENTITY_DELAY_MS);
    return () => clearTimeout(timer);
  }, [query]);

  const openers = searchOpeners(pages);
  const has = (kind: SearchableEntity) => openers[kind] !== undefined;
  const entityUrl = (found: Pick<Found, 'kind' | 'id'>) => `${openers[found.kind]}?${ENTITY_SEARCH[found.kind].param}=${found.id}`;
  const adSlots = useEntitySearch('adSlot', settled, has('adSlot'));
  const campaigns = useEntitySearch('campaign', settled, has('campaign'));
  const folders = useWholeListSearch('folder', settled, has('folder'));
  const images = useEntitySearch('image', settled, has('image'));
  const series = useWholeListSearch('series', settled, has('series'));
  const videos = useEntitySearch('video', settled, has('video'));

  const pageMatches = useMemo(() => searchPages(pages, query, titleOf), [pages, query, titleOf]);
  // Entity results belong to the query they were found for: none while it is being retyped.
  const current = settled === query.trim();
  const found: Record<SearchableEntity, Found[]> = {
    adSlot: (current && adSlots.data) || [],
    campaign: (current && campaigns.data) || [],
    folder: (current && folders.matches) || [],
    image: (current && images.data) || [],
    series: (current && series.matches) || [],
    video: (current && videos.data) || [],
  };
  const looking = !current || adSlots.isFetching || campaigns.isFetching || folders.isFetching || images.isFetching || series.isFetching || videos.isFetching;
  const kinds = SEARCHABLE_KINDS;

  const go = (url: string) => {
    setQuery('');
    setSettled('');
    navigate(`/${url}`);
  };

  const entityOption = (item: Found) => ({
    value: entityUrl(item),
    label: (
      <div className="page-search-option is-entity">
        {item.thumbnailUrl ? (
          <img className="page-search-thumb" src={item.thumbnailUrl} alt="" />
        ) : (
          <span className="page-search-thumb" aria-hidden="true">
            {KIND_ICONS[item.kind]}
          </span>
        )}
        <span className="page-search-text">
          <span className="page-search-name">{item.name}</span>
          {item.detail && <span className="page-search-url">{item.detail}</span>}
        </span>
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
    ...kinds.filter((kind) => found[kind].length > 0).map((kind) => ({ label: t(`shell.searchGroups.${kind}`), options: found[kind].map(entityOption) })),
  ];
  const firstFound = kinds.map((kind) => found[kind][0]).find((one) => one !== undefined);
  const best = pageMatches[0]?.url ?? (firstFound && entityUrl(firstFound));
  // Taking over from the header's plain box (header-search.tsx): the caret stays after the text,
  // and an Enter pressed there opens the best match once the search has looked.
  const input = useRef<InputRef>(null);
  useEffect(() => {
    if (autoFocus) input.current?.focus({ cursor: 'end' });
  }, [autoFocus]);
  const enterPending = useRef(initialEnter);
  useEffect(() => {
    if (!enterPending.current || looking) return;
    enterPending.current = false;
    const url = query && best;
    if (url) setTimeout(() => go(url));
  });

  return (
    <AutoComplete
      className="page-search"
      value={query}
      onChange={setQuery}
      onSelect={(url: string) => go(url)}
      defaultActiveFirstOption
      defaultOpen={autoFocus && !!initialQuery && !initialEnter}
      // Room for several groups (pages, folders, images, series, videos) before the list scrolls.
      listHeight={400}
      notFoundContent={query.trim() ? (looking && query.trim().length >= ENTITY_SEARCH_MIN_CHARS && kinds.some(has) ? t('shell.searching') : t('shell.noMatches')) : null}
      options={options}
    >
      <Input
        ref={input}
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
