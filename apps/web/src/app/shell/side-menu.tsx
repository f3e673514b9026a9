import { DownOutlined, RightOutlined } from '@ant-design/icons';
import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { useTranslation } from '../../shared/i18n/translate';
import { Link, useLocation } from '../../shared/router/router';
import { usePointerDownOutside } from '../../shared/use-pointer-down-outside';
import { normalizePath } from '../router/decide-route';
import { ancestorIdsOf, type MenuNode } from './build-menu-tree';
import { hasMenuIcon, MenuIconFor } from './menu-icons';
import { useMenuTitle } from './use-menu-title';

// The side menu is site navigation: links (the current page marked aria-current), groups as
// disclosure buttons. Plain HTML drawn as antd's light inline menu (global.css), because it shows on
// every page and antd's menu would bring antd's runtime to the landing page.

const pathOf = (url: string) => `/${normalizePath(url)}`;

export function SideMenu({ tree, collapsed }: { tree: MenuNode[]; collapsed: boolean }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const current = normalizePath(pathname);

  // The current route's groups open; groups the user opens stay open as they move around.
  const routeGroups = useMemo(() => ancestorIdsOf(tree, current), [tree, current]);
  const [open, setOpen] = useState<number[]>(routeGroups);
  const [seenGroups, setSeenGroups] = useState(routeGroups);
  if (seenGroups !== routeGroups) {
    setSeenGroups(routeGroups);
    setOpen((ids) => [...new Set([...ids, ...routeGroups])]);
  }
  const toggle = (id: number) => setOpen((ids) => (ids.includes(id) ? ids.filter((one) => one !== id) : [...ids, id]));

  return (
    <nav aria-label={t('shell.mainNavigation')} className="side-menu-nav">
      <ul className="side-menu">
        {tree.map((node) =>
          collapsed ? (
            <CollapsedEntry key={node.entry.id} node={node} current={current} inRoute={routeGroups.includes(node.entry.id)} />
          ) : (
            <Entry key={node.entry.id} node={node} depth={0} current={current} open={open} routeGroups={routeGroups} onToggle={toggle} />
          ),
        )}
      </ul>
    </nav>
  );
}

interface EntryProps {
  node: MenuNode;
  depth: number;
  current: string;
  open: number[];
  routeGroups: number[];
  onToggle: (id: number) => void;
}

/** Icons on the top level only: nested entries repeat their group's icon. */
const iconOf = (node: MenuNode, depth: number) =>
  depth === 0 && hasMenuIcon(node.entry.icon) ? (
    <span className="side-menu-icon" aria-hidden="true">
      <MenuIconFor icon={node.entry.icon} />
    </span>
  ) : null;

/** antd's inline menu indents each level by 24 px; the collapsed menu and its flyouts do not. */
const indent = (depth: number | undefined) => (depth === undefined ? undefined : { paddingInlineStart: 24 * (depth + 1) });

function PageLink({ node, depth, current, children }: { node: MenuNode; depth?: number; current: string; children: ReactNode }) {
  const { entry } = node;
  if (!entry.url) {
    return (
      <span className="side-menu-item is-disabled" aria-disabled="true" style={indent(depth)}>
        {children}
      </span>
    );
  }
  const selected = normalizePath(entry.url) === current;
  return (
    <Link to={pathOf(entry.url)} className={selected ? 'side-menu-item is-selected' : 'side-menu-item'} aria-current={selected ? 'page' : undefined} style={indent(depth)}>
      {children}
    </Link>
  );
}

function Entry({ node, depth, current, open, routeGroups, onToggle }: EntryProps) {
  const titleOf = useMenuTitle();
  const listId = useId();
  const icon = iconOf(node, depth);
  const title = <span className="side-menu-title">{titleOf(node.entry)}</span>;
  if (node.children.length === 0) {
    return (
      <li>
        <PageLink node={node} depth={depth} current={current}>
          {icon}
          {title}
        </PageLink>
      </li>
    );
  }
  const expanded = open.includes(node.entry.id);
  const inRoute = routeGroups.includes(node.entry.id);
  return (
    <li>
      <button
        type="button"
        className={inRoute ? 'side-menu-item side-menu-group is-in-route' : 'side-menu-item side-menu-group'}
        aria-expanded={expanded}
        aria-controls={listId}
        style={indent(depth)}
        onClick={() => onToggle(node.entry.id)}
      >
        {icon}
        {title}
        <DownOutlined className={expanded ? 'side-menu-arrow is-open' : 'side-menu-arrow'} aria-hidden="true" />
      </button>
      <ul id={listId} className="side-menu side-menu-sub" hidden={!expanded}>
        {node.children.map((child) => (
          <Entry key={child.entry.id} node={child} depth={depth + 1} current={current} open={open} routeGroups={routeGroups} onToggle={onToggle} />
        ))}
      </ul>
    </li>
  );
}

/**
 * The collapsed menu shows the top level's icons (the names stay for screen readers and as the
 * hover title); a group opens its pages in a flyout beside the menu, as antd's collapsed menu does.
 */
function CollapsedEntry({ node, current, inRoute }: { node: MenuNode; current: string; inRoute: boolean }) {
  const titleOf = useMenuTitle();
  const title = titleOf(node.entry);
  const flyoutId = useId();
  const [flyout, setFlyout] = useState<{ top: number; left: number } | null>(null);
  const button = useRef<HTMLButtonElement>(null);
  const list = useRef<HTMLUListElement>(null);
  const { pathname } = useLocation();

  // Closed by a click anywhere else and by moving to another page.
  usePointerDownOutside(!!flyout, [button, list], () => setFlyout(null));
  const [seenPath, setSeenPath] = useState(pathname);
  if (seenPath !== pathname) {
    setSeenPath(pathname);
    setFlyout(null);
  }
  useEffect(() => {
    if (flyout) list.current?.querySelector<HTMLElement>('a, [aria-disabled]')?.focus();
  }, [flyout]);

  const label = (
    <>
      {iconOf(node, 0)}
      <span className="side-menu-title">{title}</span>
    </>
  );
  if (node.children.length === 0) {
    return (
      <li title={title}>
        <PageLink node={node} current={current}>
          {label}
        </PageLink>
      </li>
    );
  }

  const show = () => {
    const rect = button.current!.getBoundingClientRect();
    setFlyout({ top: rect.top, left: rect.right + 4 });
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape' && flyout) {
      event.stopPropagation();
      setFlyout(null);
      button.current?.focus();
    }
  };
  const pages = flattenGroup(node);
  return (
    <li
      title={title}
      onKeyDown={onKeyDown}
      // Tabbing out of the group (its button and its flyout) closes the flyout.
      onBlur={(event) => {
        if (flyout && !event.currentTarget.contains(event.relatedTarget as Node | null)) setFlyout(null);
      }}
    >
      <button
        ref={button}
        type="button"
        className={inRoute ? 'side-menu-item side-menu-group is-in-route' : 'side-menu-item side-menu-group'}
        aria-expanded={!!flyout}
        aria-controls={flyout ? flyoutId : undefined}
        onClick={() => (flyout ? setFlyout(null) : show())}
        onKeyDown={(event) => {
          if (event.key === 'ArrowRight' && !flyout) show();
        }}
      >
        {label}
        <RightOutlined className="side-menu-arrow" aria-hidden="true" />
      </button>
      {flyout && (
        <ul ref={list} id={flyoutId} className="side-menu side-menu-flyout" aria-label={title} style={flyout}>
          {pages.map((page) => (
            <li key={page.entry.id}>
              <PageLink node={page} current={current}>
                <span className="side-menu-title">{titleOf(page.entry)}</span>
              </PageLink>
            </li>
          ))}
        </ul>
      )}
    </li>
  );
}

/** A group's pages in menu order, however deep (the flyout lists them flat). */
const flattenGroup = (node: MenuNode): MenuNode[] => node.children.flatMap((child) => (child.children.length > 0 ? flattenGroup(child) : [child]));
