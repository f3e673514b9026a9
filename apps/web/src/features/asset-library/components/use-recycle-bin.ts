import type { RecycleItem, RecycleKind } from '@ads/contracts';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from '../../../shared/i18n/translate';
import { useSearchParams } from '../../../shared/router/router';
import { useListSelection } from '../../../shared/list/use-list-selection';
import { useClampToLastPage } from '../../../shared/list/use-clamp-page';
import { useConfirm } from '../../../shared/ui/confirm';
import { showToast } from '../../../shared/ui/toast';
import { useDeleteForever, useFolderTree, useHasPower, useRecycleList, useRestore } from '../api';
import { errorText } from '../format';

// The bin's data for RecycleBinView: its list and URL state, the selection, and the restore and
// delete-forever actions with their confirm, toasts and the note of what came back where.

export const PAGE_SIZE = 50;

export const keyOf = (item: Pick<RecycleItem, 'kind' | 'id'>) => `${item.kind}:${item.id}`;

export interface RestoredNote {
  name: string;
  kind: RecycleKind;
  where: string;
  folderId: number | null;
}

export function useRecycleBin(kinds: readonly RecycleKind[]) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const kindParam = params.get('kind');
  const kind =
    kinds.length === 1 ? kinds[0] : kinds.includes(kindParam as RecycleKind) ? (kindParam as RecycleKind) : undefined;
  const page = Math.max(1, Number(params.get('page')) || 1);
  // Only the bin's own keys change: a page embedding the view keeps its other query keys.
  const setQuery = (next: { kind?: RecycleKind; page?: number }) => {
    setParams((previous) => {
      const search = new URLSearchParams(previous);
      search.delete('kind');
      search.delete('page');
      if (next.kind && kinds.length > 1) search.set('kind', next.kind);
      if (next.page && next.page > 1) search.set('page', String(next.page));
      return search;
    });
  };

  const list = useRecycleList(kind, page, PAGE_SIZE);
  // Restoring or deleting the last page's rows leaves the bin on the last page there is.
  const goTo = useCallback(
    (next: number) =>
      setParams(
        (previous) => {
          const search = new URLSearchParams(previous);
          if (next > 1) search.set('page', String(next));
          else search.delete('page');
          return search;
        },
        { replace: true },
      ),
    [setParams],
  );
  useClampToLastPage({ total: list.data?.total, page, pageSize: PAGE_SIZE, settled: !list.isPlaceholderData, goTo });
  const readsImages = useHasPower('asset.read');
  // The video library's bin: its own texts, and emptying it leaves images and folders alone.
  const videosOnly = kinds.length === 1 && kinds[0] === 'video';
  const folders = useFolderTree(readsImages && !videosOnly);
  const restore = useRestore();
  const deleteForever = useDeleteForever();
  const [confirm, confirmHolder] = useConfirm();
  const [restored, setRestored] = useState<RestoredNote[] | null>(null);
  const [emptying, setEmptying] = useState(false);
  const items = list.data?.items ?? [];
  // A refetch (after a restore elsewhere) starts the selection afresh too.
  const selection = useListSelection(`${kind ?? ''}:${page}:${list.dataUpdatedAt}`, items, keyOf);
  const selected = [...selection.selected.values()];
  const folderNames = useMemo(() => new Map((folders.data?.items ?? []).map((folder) => [folder.id, folder.name])), [folders.data]);

  const doRestore = async (rows: RecycleItem[]) => {
    try {
      const result = await restore.mutateAsync({ items: rows.map(({ kind: k, id }) => ({ kind: k, id })) });
      // The folder list is refetched after the restore; a restored folder may be the destination.
      const names = new Map(folderNames);
      for (const row of result.restored) if (row.kind === 'folder') names.set(row.id, row.name);
      const series = new Map(rows.filter((row) => row.kind === 'video').map((row) => [row.id, row.originalFolderName]));
      // Folders brought back with an item are not in the (older) folder list yet.
      for (const row of rows) for (const folder of row.returnsTo) if (!names.has(folder.id)) names.set(folder.id, folder.name);
      setRestored(
        result.restored.map((row) => ({
          name: row.name,
          kind: row.kind,
          folderId: row.folderId,
          where:
            row.kind === 'video'
              ? (series.get(row.id) ?? t('recycleBin.aSeries'))
              : row.folderId === null
                ? t('assetLibrary.folders.root')
                : (names.get(row.folderId) ?? t('recycleBin.aFolder')),
        })),
      );
      selection.clear();
      showToast('success', t('recycleBin.restoredToast', { count: result.restored.length }));
    } catch (cause) {
      showToast('error', errorText(t, cause));
    }
  };

  const askDeleteForever = (rows: RecycleItem[]) => {
    void confirm({
      title: t('recycleBin.deleteForeverTitle', { count: rows.length, name: rows[0]?.name ?? '' }),
      content: t('recycleBin.deleteForeverText', { count: rows.length }),
      okText: t('recycleBin.deleteForeverOk', { count: rows.length }),
      okButtonProps: { danger: true },
      cancelText: t('assetLibrary.common.cancel'),
      onOk: async () => {
        try {
          await deleteForever.mutateAsync({ items: rows.map(({ kind: k, id }) => ({ kind: k, id })) });
          selection.clear();
          showToast('success', t('recycleBin.deletedForever', { count: rows.length }));
        } catch (cause) {
          showToast('error', errorText(t, cause));
        }
      },
    });
  };

  return {
    kind,
    page,
    setQuery,
    list,
    items,
    total: list.data?.total ?? 0,
    readsImages,
    videosOnly,
    selection,
    selected,
    restore: doRestore,
    restoring: restore.isPending,
    askDeleteForever,
    /** What the last restore brought back, and where; null once dismissed. */
    restored,
    dismissRestored: () => setRestored(null),
    /** The "Empty the bin" dialog is open. */
    emptying,
    setEmptying,
    /** Render in the view: the delete-forever confirm lives there. */
    confirmHolder,
  };
}
