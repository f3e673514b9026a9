import { useEffect, useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import './plain-tabs.css';

// Tabs of plain HTML drawn with antd's look (a line under the chosen one), for a page whose first
// view must not load antd: the WAI-ARIA tabs pattern (arrow keys, Home and End move and choose).

export interface PlainTab<K extends string> {
  key: K;
  label: ReactNode;
}

export function PlainTabs<K extends string>({
  tabs,
  active,
  onChange,
  label,
  children,
}: {
  tabs: readonly PlainTab<K>[];
  active: K;
  onChange: (key: K) => void;
  /** The tab list's name. */
  label: string;
  /** The active tab's panel. */
  children: ReactNode;
}) {
  const base = useId();
  const list = useRef<HTMLDivElement>(null);
  const idOf = (key: string) => `${base}-tab-${key}`;
  // On a narrow screen the list scrolls sideways: the chosen tab is kept in view (without moving the page).
  useEffect(() => {
    const box = list.current;
    const tab = box?.querySelector<HTMLElement>('[aria-selected="true"]');
    if (!box || !tab) return;
    if (tab.offsetLeft < box.scrollLeft) box.scrollLeft = tab.offsetLeft;
    else if (tab.offsetLeft + tab.offsetWidth > box.scrollLeft + box.clientWidth) box.scrollLeft = tab.offsetLeft + tab.offsetWidth - box.clientWidth;
  }, [active]);
  const move = (event: KeyboardEvent, index: number) => {
    const last = tabs.length - 1;
    const to = event.key === 'ArrowRight' ? (index === last ? 0 : index + 1) : event.key === 'ArrowLeft' ? (index === 0 ? last : index - 1) : event.key === 'Home' ? 0 : event.key === 'End' ? last : -1;
    if (to < 0) return;
    event.preventDefault();
    onChange(tabs[to]!.key);
    list.current?.querySelectorAll<HTMLButtonElement>('[role="tab"]')[to]?.focus();
  };
  return (
    <div className="plain-tabs">
      <div className="plain-tabs-list" role="tablist" aria-label={label} ref={list}>
        {tabs.map((tab, index) => (
          <button
            key={tab.key}
            id={idOf(tab.key)}
            type="button"
            role="tab"
            className={tab.key === active ? 'plain-tab is-active' : 'plain-tab'}
            aria-selected={tab.key === active}
            aria-controls={`${base}-panel`}
            tabIndex={tab.key === active ? 0 : -1}
            onClick={() => onChange(tab.key)}
            onKeyDown={(event) => move(event, index)}
          >
            {tab.label}
          </button>
        ))}
      </div>
      <div className="plain-tabs-panel" id={`${base}-panel`} role="tabpanel" aria-labelledby={idOf(active)} tabIndex={0}>
        {children}
      </div>
    </div>
  );
}
