import type { MenuEntry } from '@ads/contracts';
import { SearchOutlined } from '@ant-design/icons';
import { Input } from 'antd';
import { lazy, startTransition, Suspense, useState } from 'react';
import { useSearchPlaceholder } from './search-scope';

// The search's suggestions (antd's AutoComplete: a select, a virtual list, popups) are not needed to
// show a page: the header shows a plain box, and the full search loads when the box is first
// pointed at or focused, taking over what was typed meanwhile.
const PageSearch = lazy(() => import('./page-search').then((module) => ({ default: module.PageSearch })));

export function HeaderSearch({ pages }: { pages: MenuEntry[] }) {
  const placeholder = useSearchPlaceholder(pages);
  const [wanted, setWanted] = useState(false);
  const [typed, setTyped] = useState('');
  const [focused, setFocused] = useState(false);
  const [entered, setEntered] = useState(false);
  // A transition: the box stays (and takes typing) until the full search has loaded.
  const want = () => startTransition(() => setWanted(true));

  const box = (
    <Input
      className="page-search"
      role="combobox"
      aria-expanded={false}
      aria-label={placeholder}
      placeholder={placeholder}
      prefix={<SearchOutlined aria-hidden="true" />}
      value={typed}
      onChange={(event) => setTyped(event.target.value)}
      onPointerEnter={want}
      onFocus={() => {
        setFocused(true);
        want();
      }}
      onBlur={() => setFocused(false)}
      onPressEnter={() => setEntered(true)}
    />
  );
  return <Suspense fallback={box}>{wanted ? <PageSearch pages={pages} initialQuery={typed} autoFocus={focused} initialEnter={entered} /> : box}</Suspense>;
}
