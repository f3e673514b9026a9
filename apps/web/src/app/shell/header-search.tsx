import type { MenuEntry } from '@ads/contracts';
import { SearchOutlined } from '@ant-design/icons';
import { startTransition, Suspense, useState } from 'react';
import { lazyWithAntd } from '../../shared/ui/with-antd';
import { useSearchPlaceholder } from './search-scope';

// The search's suggestions (antd's AutoComplete: a select, a virtual list, popups) are not needed to
// show a page: the header shows a plain box, and the full search loads when the box is first
// pointed at or focused, taking over what was typed meanwhile. The shell has no antd: the search
// brings antd's configuration with it.
const PageSearch = lazyWithAntd(() => import('./page-search').then((module) => ({ default: module.PageSearch })));

export function HeaderSearch({ pages }: { pages: MenuEntry[] }) {
  const placeholder = useSearchPlaceholder(pages);
  const [wanted, setWanted] = useState(false);
  const [typed, setTyped] = useState('');
  const [focused, setFocused] = useState(false);
  const [entered, setEntered] = useState(false);
  // A transition: the box stays (and takes typing) until the full search has loaded.
  const want = () => startTransition(() => setWanted(true));

  // Drawn as antd's input with a prefix (global.css), which the full search shows in its place.
  const box = (
    <span className="page-search plain-input" onPointerEnter={want}>
      <SearchOutlined aria-hidden="true" />
      <input
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
  return <Suspense fallback={box}>{wanted ? <PageSearch pages={pages} initialQuery={typed} autoFocus={focused} initialEnter={entered} /> : box}</Suspense>;
}
