import { FOLDER_NAME_MAX, type Folder } from '@ads/contracts';
import { useMemo } from 'react';
import { useTranslation } from '../../../shared/i18n/translate';
import { MoveDialog } from '../../../shared/list/move-dialog';
import { NameDialog } from '../../../shared/ui/name-dialog';
import { showToast } from '../../../shared/ui/toast';
import { useCreateFolder, useMoveFolder, useRenameFolder } from '../api';
import { errorText } from '../format';
import { subtreeIds, type FolderNode } from '../folder-tree';
import { FolderSelect, type FolderTarget } from './folder-select';

// The folder panel's dialogs (antd's modal, form and tree select): loaded with antd when one is
// first opened (folder-panel.tsx), so that the gallery's first view needs no antd.

export type FolderDialogWanted = { kind: 'create'; parent: Folder | null } | { kind: 'rename'; folder: Folder } | { kind: 'move'; folder: Folder };

/** Creating a folder (or a subfolder), renaming one, or moving one elsewhere in the tree. */
export default function FolderDialog({
  dialog,
  tree,
  onClose,
  onCreated,
}: {
  dialog: FolderDialogWanted;
  tree: readonly FolderNode[];
  onClose: () => void;
  onCreated: (folder: Folder) => void;
}) {
  return dialog.kind === 'move' ? (
    <MoveFolderDialog folder={dialog.folder} tree={tree} onClose={onClose} />
  ) : (
    <FolderNameDialog dialog={dialog} onClose={onClose} onCreated={onCreated} />
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
