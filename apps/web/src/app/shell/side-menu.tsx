import { Menu, type MenuProps } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { normalizePath } from '../router/decide-route';
import { ancestorIdsOf, type MenuNode } from './build-menu-tree';
import { hasMenuIcon, MenuIconFor } from './menu-icons';
import { useMenuTitle } from './use-menu-title';

type MenuItem = Required<MenuProps>['items'][number];

const groupKey = (id: number) => `group:${id}`;
const pageKey = (url: string) => `/${normalizePath(url)}`;

export function SideMenu({ tree, collapsed }: { tree: MenuNode[]; collapsed: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const titleOf = useMenuTitle();
  const current = normalizePath(pathname);

  const items = useMemo(() => {
    const toItem = (node: MenuNode, depth: number): MenuItem => {
      const { entry } = node;
      // Icons on the top level only: nested entries repeat their group's icon.
      const icon = depth === 0 && hasMenuIcon(entry.icon) ? <MenuIconFor icon={entry.icon} /> : undefined;
      if (node.children.length > 0) {
        return {
          key: groupKey(entry.id),
          icon,
          label: titleOf(entry),
          children: node.children.map((child) => toItem(child, depth + 1)),
        };
      }
      return { key: entry.url ? pageKey(entry.url) : groupKey(entry.id), icon, label: titleOf(entry), disabled: !entry.url };
    };
    return tree.map((node) => toItem(node, 0));
  }, [tree, titleOf]);

  // The current route's groups open; groups the user opens stay open as they move around.
  const routeGroups = useMemo(() => ancestorIdsOf(tree, current).map(groupKey), [tree, current]);
  const [openKeys, setOpenKeys] = useState<string[]>(routeGroups);
  const [seenGroups, setSeenGroups] = useState(routeGroups);
  if (seenGroups !== routeGroups) {
    setSeenGroups(routeGroups);
    setOpenKeys((keys) => [...new Set([...keys, ...routeGroups])]);
  }

  return (
    <nav aria-label={t('shell.mainNavigation')} className="side-menu-nav">
      <Menu
        mode="inline"
        items={items}
        selectedKeys={[pageKey(current)]}
        {...(collapsed ? {} : { openKeys, onOpenChange: setOpenKeys })}
        onClick={({ key }) => {
          if (key.startsWith('/') && key !== pageKey(current)) navigate(key);
        }}
        style={{ borderInlineEnd: 'none' }}
      />
    </nav>
  );
}
