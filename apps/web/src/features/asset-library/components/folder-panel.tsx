import { AppstoreOutlined, CaretDownOutlined, CaretRightOutlined, EditOutlined, FolderAddOutlined, FolderOpenOutlined, FolderOutlined, HomeOutlined, SwapOutlined } from '@ant-design/icons';
import type { Folder } from '@ads/contracts';
import { Suspense, useState } from 'react';
import { useTranslation } from '../../../shared/i18n/translate';
import { RowActionsMenu } from '../../../shared/list/row-actions-menu';
import { SidePanel } from '../../../shared/list/side-panel';
import { useConfirm } from '../../../shared/ui/confirm';
import { showToast } from '../../../shared/ui/toast';
import { lazyWithAntd } from '../../../shared/ui/with-antd';
import { useDeleteFolder } from '../api';
import { errorText } from '../format';
import { ancestorIds, subtreeIds, type FolderNode } from '../folder-tree';
import type { FolderScope } from '../gallery-state';
import type { FolderDialogWanted } from './folder-dialogs';

// The panel is plain HTML: a folder's menu (the kit's row menu) loads antd when a "…" is first
// pressed, and the dialogs (antd's modal, form, tree select) when one is first opened.
const FolderDialog = lazyWithAntd(() => import('./folder-dialogs'));

interface FolderPanelProps {
  tree: readonly FolderNode[];
  loading: boolean;
  error: unknown;
  onRetry: () => void;
  selected: FolderScope;
  onSelect: (scope: FolderScope) => void;
  canWrite: boolean;
}

/** The folder tree beside the gallery: All images, the root, then the folders, with their actions. */
export function FolderPanel({ tree, loading, error, onRetry, selected, onSelect, canWrite }: FolderPanelProps) {
  const { t } = useTranslation();
  const [confirm, confirmHolder] = useConfirm();
  const [dialog, setDialog] = useState<FolderDialogWanted | null>(null);
  const [collapsed, setCollapsed] = useState<ReadonlySet<number>>(new Set());
  const deleteFolder = useDeleteFolder();

  // The selected folder is always visible: when the selection changes, its ancestors open up.
  const [seen, setSeen] = useState<{ selected: FolderScope; tree: readonly FolderNode[] } | null>(null);
  if (seen?.selected !== selected || seen.tree !== tree) {
    setSeen({ selected, tree });
    if (typeof selected === 'number') {
      const ancestors = ancestorIds(tree, selected);
      if (ancestors.some((id) => collapsed.has(id))) setCollapsed(new Set([...collapsed].filter((id) => !ancestors.includes(id))));
    }
  }

  const toggle = (id: number) =>
    setCollapsed((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  const askDelete = (folder: Folder) => {
    void confirm({
      title: t('assetLibrary.folders.deleteTitle', { name: folder.name }),
      content: t('assetLibrary.folders.deleteText'),
      okText: t('assetLibrary.folders.deleteOk'),
      okButtonProps: { danger: true },
      cancelText: t('assetLibrary.common.cancel'),
      onOk: async () => {
        try {
          const result = await deleteFolder.mutateAsync(folder.id);
          showToast('success', t('assetLibrary.folders.deleted', { name: folder.name, count: result.images }));
          if (typeof selected === 'number' && subtreeIds(tree, folder.id).has(selected)) onSelect('all');
        } catch (cause) {
          showToast('error', errorText(t, cause));
        }
      },
    });
  };

  const folderActions = (folder: Folder) => [
    { key: 'sub', icon: <FolderAddOutlined />, label: t('assetLibrary.folders.newSubfolder'), run: () => setDialog({ kind: 'create', parent: folder }) },
    { key: 'rename', icon: <EditOutlined />, label: t('assetLibrary.folders.rename'), run: () => setDialog({ kind: 'rename', folder }) },
    { key: 'move', icon: <SwapOutlined />, label: t('assetLibrary.folders.move'), run: () => setDialog({ kind: 'move', folder }) },
  ];

  const renderNodes = (nodes: readonly FolderNode[], depth: number) =>
    nodes.map((node) => {
      const { folder } = node;
      const open = !collapsed.has(folder.id);
      const hasChildren = node.children.length > 0;
      const isSelected = selected === folder.id;
      return (
        <li key={folder.id}>
          <div className={`panel-row${isSelected ? ' is-selected' : ''}`} style={{ paddingInlineStart: 4 + depth * 16 }}>
            {hasChildren ? (
              <button
                type="button"
                className="folder-toggle"
                aria-expanded={open}
                aria-label={t(open ? 'assetLibrary.folders.collapse' : 'assetLibrary.folders.expand', { name: folder.name })}
                onClick={() => toggle(folder.id)}
              >
                {open ? <CaretDownOutlined aria-hidden /> : <CaretRightOutlined aria-hidden />}
              </button>
            ) : (
              <span className="folder-toggle" aria-hidden />
            )}
            <button
              type="button"
              className="panel-select"
              aria-current={isSelected ? 'true' : undefined}
              onClick={() => onSelect(folder.id)}
              title={node.path.join(' / ')}
            >
              {isSelected ? <FolderOpenOutlined aria-hidden /> : <FolderOutlined aria-hidden />}
              <span className="folder-name">{folder.name}</span>
            </button>
            {canWrite && (
              <RowActionsMenu
                className="panel-more"
                label={t('assetLibrary.folders.actionsFor', { name: folder.name })}
                actions={folderActions(folder)}
                remove={{ label: t('assetLibrary.folders.delete'), run: () => askDelete(folder) }}
              />
            )}
          </div>
          {hasChildren && open && <ul className="panel-list">{renderNodes(node.children, depth + 1)}</ul>}
        </li>
      );
    });

  const fixed = (scope: 'all' | 'root', icon: React.ReactNode, label: string) => (
    <li>
      <div className={`panel-row${selected === scope ? ' is-selected' : ''}`} style={{ paddingInlineStart: 4 }}>
        <span className="folder-toggle" aria-hidden />
        <button type="button" className="panel-select" aria-current={selected === scope ? 'true' : undefined} onClick={() => onSelect(scope)}>
          {icon}
          <span className="folder-name">{label}</span>
        </button>
      </div>
    </li>
  );

  return (
    <SidePanel
      className="folder-panel"
      title={t('assetLibrary.folders.title')}
      create={canWrite ? { label: t('assetLibrary.folders.newFolder'), onClick: () => setDialog({ kind: 'create', parent: null }) } : undefined}
      fixed={
        <>
          {fixed('all', <AppstoreOutlined aria-hidden />, t('assetLibrary.folders.all'))}
          {fixed('root', <HomeOutlined aria-hidden />, t('assetLibrary.folders.root'))}
        </>
      }
      loading={loading}
      error={error ? { text: errorText(t, error), retryLabel: t('assetLibrary.common.retry'), onRetry } : null}
      empty={tree.length === 0}
      emptyText={t('assetLibrary.folders.empty')}
      footer={
        <>
          {dialog && (
            <Suspense fallback={null}>
              <FolderDialog dialog={dialog} tree={tree} onClose={() => setDialog(null)} onCreated={(folder) => onSelect(folder.id)} />
            </Suspense>
          )}
          {confirmHolder}
        </>
      }
    >
      {renderNodes(tree, 0)}
    </SidePanel>
  );
}
