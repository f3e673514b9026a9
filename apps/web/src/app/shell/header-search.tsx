import type { MenuEntry } from '@ads/contracts';
import { CloseOutlined, SearchOutlined } from '@ant-design/icons';
import { startTransition, Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../shared/i18n/translate';
import { useLocation } from '../../shared/router/router';
import { lazyWithAntd } from '../../shared/ui/with-antd';
import { useSearchPlaceholder } from './search-scope';

// The search's suggestions (antd's AutoComplete: a select, a virtual list, popups) are not needed to
// show a page: the header shows a plain box, and the full search loads when the box is first
// pointed at or focused, taking over what was typed meanwhile. The shell has no antd: the search
// brings antd's configuration with it.
const PageSearch = lazyWithAntd(() => import('./page-search').then((module) => ({ default: module.PageSearch })));

/**
 * `compact` (a phone's header): an icon, which opens the search over the whole header (global.css)
 * until it is closed, Escape is pressed or a page is opened.
 */
export function HeaderSearch({ pages, compact = false }: { pages: MenuEntry[]; compact?: boolean }) {
  const { t } = useTranslation();
  const placeholder = useSearchPlaceholder(pages);
  const [wanted, setWanted] = useState(false);
  const [typed, setTyped] = useState('');
  const [focused, setFocused] = useState(false);
  const [entered, setEntered] = useState(false);
  // A transition: the box stays (and takes typing) until the full search has loaded.
  const want = () => startTransition(() => setWanted(true));

  const [open, setOpen] = useState(false);
  // What the closed search held is gone: opened again, it starts empty.
  const close = () => {
    setOpen(false);
    setTyped('');
    setFocused(false);
    setEntered(false);
  };
  const { pathname } = useLocation();
  const [seenPath, setSeenPath] = useState(pathname);
  if (seenPath !== pathname) {
    setSeenPath(pathname);
    if (open) close();
  }
  if (open && !compact) close();
  // Closed by Escape or its button, the focus goes back to the icon.
  const searchButton = useRef<HTMLButtonElement>(null);
  const refocus = useRef(false);
  const closeToIcon = () => {
    refocus.current = true;
    close();
  };
  // Opened from the icon, the box takes the typing at once (the full search focuses itself).
  const boxInput = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (open) boxInput.current?.focus();
    else if (refocus.current) {
      refocus.current = false;
      searchButton.current?.focus();
    }
  }, [open]);

  if (compact && !open) {
    return (
      <button ref={searchButton} type="button" className="header-button search-toggle" aria-label={placeholder} onPointerEnter={want} onClick={() => setOpen(true)}>
        <SearchOutlined aria-hidden="true" />
      </button>
    );
  }

  // Drawn as antd's input with a prefix (global.css), which the full search shows in its place.
  const box = (
    <span className="page-search plain-input" onPointerEnter={want}>
      <SearchOutlined aria-hidden="true" />
      <input
        ref={boxInput}
        role="combobox"
        aria-expanded={false}
        aria-label={placeholder}
        placeholder={placeholder}
        value={typed}
        onChange={(event) => setTyped(event.target.value)}
        onFocus={() => {
          setFocused(true);
          want();
        }}
        onBlur={() => setFocused(false)}
        onKeyDown={(event) => {
          if (event.key === 'Enter') setEntered(true);
        }}
      />
    </span>
  );
  const search = (
    <Suspense fallback={box}>{wanted ? <PageSearch pages={pages} initialQuery={typed} autoFocus={focused || compact} initialEnter={entered} /> : box}</Suspense>
  );
  if (!compact) return search;
  return (
    <div
      className="header-search-open"
      onKeyDown={(event) => {
        // The first Escape closes the suggestions (antd's), the next one the search.
        if (event.key === 'Escape' && (event.target as Element).getAttribute('aria-expanded') !== 'true') closeToIcon();
      }}
    >
      {search}
      <button type="button" className="header-button" aria-label={t('shell.closeSearch')} onClick={closeToIcon}>
        <CloseOutlined aria-hidden="true" />
      </button>
    </div>
  );
}
