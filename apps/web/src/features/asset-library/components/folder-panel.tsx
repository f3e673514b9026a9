import {
  AppstoreOutlined,
  CaretDownOutlined,
  CaretRightOutlined,
  DeleteOutlined,
  EditOutlined,
  FolderAddOutlined,
  FolderOpenOutlined,
  FolderOutlined,
  HomeOutlined,
  MoreOutlined,
  SwapOutlined,
} from '@ant-design/icons';
import { FOLDER_NAME_MAX, type Folder } from '@ads/contracts';
import { Button, Dropdown } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MoveDialog } from '../../../shared/list/move-dialog';
import { SidePanel } from '../../../shared/list/side-panel';
import { useConfirm } from '../../../shared/ui/dialogs';
import { NameDialog } from '../../../shared/ui/name-dialog';
import { showToast } from '../../../shared/ui/toast';
import { useCreateFolder, useDeleteFolder, useMoveFolder, useRenameFolder } from '../api';
import { errorText } from '../format';
import { ancestorIds, subtreeIds, type FolderNode } from '../folder-tree';
import type { FolderScope } from '../gallery-state';
import { FolderSelect, type FolderTarget } from './folder-select';

interface FolderPanelProps {
  tree: readonly FolderNode[];
  loading: boolean;
  error: unknown;
  onRetry: () => void;
  selected: FolderScope;
  onSelect: (scope: FolderScope) => void;
  canWrite: boolean;
}

type Dialog =
  | { kind: 'create'; parent: Folder | null }
  | { kind: 'rename'; folder: Folder }
  | { kind: 'move'; folder: Folder }
  | null;

/** The folder tree beside the gallery: All images, the root, then the folders, with their actions. */
export function FolderPanel({ tree, loading, error, onRetry, selected, onSelect, canWrite }: FolderPanelProps) {
  const { t } = useTranslation();
  const [confirm, confirmHolder] = useConfirm();
  const [dialog, setDialog] = useState<Dialog>(null);
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
              <Dropdown
                trigger={['click']}
                menu={{
                  items: [
                    { key: 'sub', icon: <FolderAddOutlined />, label: t('assetLibrary.folders.newSubfolder') },
                    { key: 'rename', icon: <EditOutlined />, label: t('assetLibrary.folders.rename') },
                    { key: 'move', icon: <SwapOutlined />, label: t('assetLibrary.folders.move') },
                    { type: 'divider' },
                    { key: 'delete', icon: <DeleteOutlined />, danger: true, label: t('assetLibrary.folders.delete') },
                  ],
                  onClick: ({ key }) => {
                    if (key === 'sub') setDialog({ kind: 'create', parent: folder });
                    else if (key === 'rename') setDialog({ kind: 'rename', folder });
                    else if (key === 'move') setDialog({ kind: 'move', folder });
                    else if (key === 'delete') askDelete(folder);
                  },
                }}
              >
                <Button
                  type="text"
                  size="small"
                  className="panel-more"
                  icon={<MoreOutlined />}
                  aria-label={t('assetLibrary.folders.actionsFor', { name: folder.name })}
                />
              </Dropdown>
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
          {dialog?.kind === 'create' || dialog?.kind === 'rename' ? (
            <FolderNameDialog dialog={dialog} onClose={() => setDialog(null)} onCreated={(folder) => onSelect(folder.id)} />
          ) : null}
          {dialog?.kind === 'move' ? <MoveFolderDialog folder={dialog.folder} tree={tree} onClose={() => setDialog(null)} /> : null}
          {confirmHolder}
        </>
      }
    >
      {renderNodes(tree, 0)}
    </SidePanel>
  );
}

function FolderNameDialog({
  dialog,
  onClose,
  onCreated,
}: {
  dialog: { kind: 'create'; parent: Folder | null } | { kind: 'rename'; folder: Folder };
  onClose: () => void;
  onCreated: (folder: Folder) => void;
}) {
  const { t } = useTranslation();
  const create = useCreateFolder();
  const rename = useRenameFolder();
  const save = async (name: string) => {
    if (dialog.kind === 'rename') {
      await rename.mutateAsync({ id: dialog.folder.id, version: dialog.folder.version, name });
      showToast('success', t('assetLibrary.folders.renamed'));
    } else {
      const folder = await create.mutateAsync({ name, parentId: dialog.parent?.id ?? null });
      showToast('success', t('assetLibrary.folders.created', { name: folder.name }));
      onCreated(folder);
    }
  };
  return (
    <NameDialog
      title={
        dialog.kind === 'rename'
          ? t('assetLibrary.folders.renameTitle', { name: dialog.folder.name })
          : dialog.parent
            ? t('assetLibrary.folders.newSubfolderTitle', { name: dialog.parent.name })
            : t('assetLibrary.folders.newFolder')
      }
      label={t('assetLibrary.folders.name')}
      okText={dialog.kind === 'rename' ? t('assetLibrary.common.save') : t('assetLibrary.common.create')}
      cancelText={t('assetLibrary.common.cancel')}
      initialName={dialog.kind === 'rename' ? dialog.folder.name : ''}
      maxLength={FOLDER_NAME_MAX}
      messages={{ required: t('assetLibrary.common.nameRequired'), tooLong: t('assetLibrary.common.tooLong', { max: FOLDER_NAME_MAX }) }}
      onSave={save}
      errorText={(cause) => errorText(t, cause)}
      onClose={onClose}
    />
  );
}

function MoveFolderDialog({ folder, tree, onClose }: { folder: Folder; tree: readonly FolderNode[]; onClose: () => void }) {
  const { t } = useTranslation();
  const move = useMoveFolder();
  const excluded = useMemo(() => subtreeIds(tree, folder.id), [tree, folder.id]);
  return (
    <MoveDialog<FolderTarget>
      title={t('assetLibrary.folders.moveTitle', { name: folder.name })}
      okText={t('assetLibrary.move.ok')}
      cancelText={t('assetLibrary.common.cancel')}
      label={t('assetLibrary.move.destination')}
      controlId="move-folder-target"
      initial={folder.parentId ?? 'root'}
      unchanged={(target) => target === (folder.parentId ?? 'root')}
      pending={move.isPending}
      move={async (target) => {
        await move.mutateAsync({ id: folder.id, version: folder.version, parentId: target === 'root' ? null : target });
        showToast('success', t('assetLibrary.folders.moved', { name: folder.name }));
        onClose();
      }}
      errorText={(cause) => errorText(t, cause)}
      onClose={onClose}
    >
      {(target, setTarget) => <FolderSelect id="move-folder-target" tree={tree} value={target} onChange={setTarget} excluded={excluded} />}
    </MoveDialog>
  );
}
