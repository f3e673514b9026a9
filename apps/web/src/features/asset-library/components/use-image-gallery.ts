import type { Image } from '@ads/contracts';
import { useCallback, useMemo } from 'react';
import { useTranslation } from '../../../shared/i18n/translate';
import { useNavigate } from '../../../shared/router/router';
import { useListSelection } from '../../../shared/list/use-list-selection';
import { useShownOnce } from '../../../shared/ui/lazy-named';
import type { ExistingItem } from '../../../shared/upload/use-upload-queue';
import { useCanWriteAssets, useFolderTree, useImageList } from '../api';
import { buildFolderTree, findNode } from '../folder-tree';
import { imageListQuery, useGalleryState } from '../gallery-state';
import { useImageUploads } from '../upload';
import { useImageActions } from './use-image-actions';

// The gallery's data for ImageGalleryPage: its URL state, the folder tree and image list, uploads,
// the selection, and the actions with their dialogs.

export function useImageGallery() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [state, update] = useGalleryState();
  // Mounted from the first image opened on, so that the drawer can animate its closing.
  const drawerWanted = useShownOnce(!!state.image);
  const canWrite = useCanWriteAssets();
  const folders = useFolderTree();
  const tree = useMemo(() => buildFolderTree(folders.data?.items ?? []), [folders.data]);
  const query = useMemo(() => imageListQuery(state), [state]);
  const rejected = state.tab === 'rejected';
  const images = useImageList(query, !rejected);
  const uploads = useImageUploads();
  const items = images.data?.items ?? [];
  const selection = useListSelection(JSON.stringify(query), items);
  const { clear: clearSelection } = selection;

  const open = useCallback((image: Image) => update({ image: image.id }), [update]);
  const afterGone = useCallback(
    (ids: number[]) => {
      clearSelection();
      if (state.image && ids.includes(state.image)) update({ image: undefined }, { replace: true });
    },
    [clearSelection, state.image, update],
  );
  const { actions, elements } = useImageActions({ tree, open, onRemoved: afterGone, onMoved: clearSelection });

  const currentFolder = typeof state.folder === 'number' ? findNode(tree, state.folder) : undefined;
  const uploadFolderId = typeof state.folder === 'number' ? state.folder : null;
  const scopeLabel =
    state.folder === 'all'
      ? t('assetLibrary.folders.all')
      : state.folder === 'root'
        ? t('assetLibrary.folders.root')
        : (currentFolder?.path.join(' / ') ?? '…');
  const uploadTarget = currentFolder ? currentFolder.path.join(' / ') : t('assetLibrary.folders.root');

  const showExisting = (existing: ExistingItem) => {
    if (existing.inRecycleBin) navigate('/assetLibrary/recycleBin');
    else update({ folder: existing.folderId ?? 'root', tab: 'images', image: existing.id });
  };

  return {
    state,
    update,
    drawerWanted,
    canWrite,
    folders,
    tree,
    rejected,
    images,
    items,
    uploads,
    selection,
    actions,
    /** The actions' dialogs, for the page's overlays. */
    elements,
    scopeLabel,
    uploadTarget,
    showExisting,
    filtered: !!(state.search || state.format || state.size || state.status),
    addFiles: (files: File[]) => uploads.add(files, uploadFolderId),
    clearFilters: () => update({ search: '', format: undefined, size: undefined, status: undefined }),
    closeDrawer: () => update({ image: undefined }),
    goToFolder: (folderId: number | null) => update({ folder: folderId ?? 'root', tab: 'images', image: undefined }),
  };
}
