import { DeleteOutlined, InfoCircleFilled, RollbackOutlined } from '@ant-design/icons';
import { RECYCLE_RETENTION_DAYS, type RecycleItem, type RecycleKind } from '@ads/contracts';
import { Suspense } from 'react';
import { useTranslation } from '../../../shared/i18n/translate';
import { BulkBar } from '../../../shared/list/bulk-bar';
import { ListPagination } from '../../../shared/list/list-pagination';
import { QueryView } from '../../../shared/list/query-view';
import { Button } from '../../../shared/ui/button';
import { SegmentedRadio } from '../../../shared/ui/plain-controls';
import { lazyWithAntd } from '../../../shared/ui/with-antd';
import { errorText } from '../format';
import { useRecycleBinColumns } from './recycle-bin-columns';
import { RestoredAlert } from './recycle-bin-restored';
import { PlainTable } from '../../../shared/list/plain-table';
import { keyOf, PAGE_SIZE, useRecycleBin } from './use-recycle-bin';
import '../asset-library.css';
import './recycle-bin.css';
import '../messages/register';

// The bin's first view is plain HTML (no antd): its dialogs (emptying the bin, the confirmations)
// load with antd when first opened.
const EmptyBinDialog = lazyWithAntd(() => import('./recycle-bin-empty-dialog'));

/**
 * The bin's table, its filters and actions, for the kinds the caller keeps: the Recycle Bin page
 * (images, folders and videos) and, for publishers, whose menu has no bin, the video library.
 */
export function RecycleBinView({ kinds }: { kinds: readonly RecycleKind[] }) {
  const { t } = useTranslation();
  const bin = useRecycleBin(kinds);
  const { kind, page, list, total, selection, selected, videosOnly } = bin;
  const compact = kinds.length === 1;
  const columns = useRecycleBinColumns({
    compact,
    onRestore: (item) => void bin.restore([item]),
    onDeleteForever: (item) => bin.askDeleteForever([item]),
  });

  return (
    <div className="recycle-bin">
      {/* antd's info alert (role alert, as antd's), in plain HTML. */}
      <div className="bin-alert is-info recycle-rule" role="alert">
        <InfoCircleFilled className="bin-alert-icon" aria-hidden />
        <div className="bin-alert-body">{t(videosOnly ? 'recycleBin.videosOnly.rule' : 'recycleBin.rule', { days: RECYCLE_RETENTION_DAYS })}</div>
      </div>
      {bin.restored && <RestoredAlert notes={bin.restored} readsImages={bin.readsImages} onClose={bin.dismissRestored} />}
      <div className="recycle-toolbar">
        {kinds.length > 1 && (
          <SegmentedRadio<RecycleKind | 'all'>
            label={t('recycleBin.kind')}
            value={kind ?? 'all'}
            onChange={(value) => bin.setQuery({ kind: value === 'all' ? undefined : value })}
            options={[{ value: 'all', label: t('recycleBin.kinds.all') }, ...kinds.map((value) => ({ value, label: t(`recycleBin.kinds.${value}`) }))]}
          />
        )}
        <Button danger className="recycle-empty" icon={<DeleteOutlined aria-hidden />} disabled={!total} onClick={() => bin.setEmptying(true)}>
          {t(videosOnly ? 'recycleBin.videosOnly.empty' : 'recycleBin.empty')}
        </Button>
        {selected.length > 0 && (
          <BulkBar
            label={t('assetLibrary.bulk.label')}
            countText={t('assetLibrary.bulk.selected', { count: selected.length })}
            clearLabel={t('assetLibrary.bulk.clear')}
            onClear={selection.clear}
          >
            {/* While restoring: spinning, and a second press does nothing. */}
            <Button icon={<RollbackOutlined aria-hidden />} loading={bin.restoring} onClick={() => void bin.restore(selected)}>
              {t('recycleBin.restore')}
            </Button>
            <Button danger icon={<DeleteOutlined aria-hidden />} onClick={() => bin.askDeleteForever(selected)}>
              {t('recycleBin.deleteForever')}
            </Button>
          </BulkBar>
        )}
      </div>
      <QueryView
        query={list}
        errorText={(error) => errorText(t, error)}
        retryLabel={t('assetLibrary.common.retry')}
        // The table draws its own empty state, under its header as antd's did.
        empty={false}
        emptyText=""
      >
        {() => (
          <>
            <PlainTable<RecycleItem>
              className="recycle-table"
              label={t(videosOnly ? 'recycleBin.videosOnly.table' : 'recycleBin.table')}
              columns={columns}
              items={bin.items}
              rowKey={keyOf}
              minWidth={compact ? 720 : 1040}
              loading={list.isFetching}
              emptyText={t(videosOnly ? 'recycleBin.videosOnly.emptyState' : 'recycleBin.emptyState')}
              selection={{
                selected: selection.selectedIds,
                toggle: selection.toggle,
                togglePage: selection.togglePage,
                allOnPageSelected: selection.allOnPageSelected,
                pageLabel: t('assetLibrary.gallery.selectPage'),
                labelOf: (item) => t('assetLibrary.gallery.selectNamed', { name: item.name }),
              }}
            />
            <ListPagination total={total} page={page} pageSize={PAGE_SIZE} pageSizes={[PAGE_SIZE]} hideOnSinglePage onChange={(next) => bin.setQuery({ kind, page: next.page })} />
          </>
        )}
      </QueryView>
      {bin.emptying && (
        <Suspense fallback={null}>
          <EmptyBinDialog kinds={kinds} onClose={() => bin.setEmptying(false)} />
        </Suspense>
      )}
      {bin.confirmHolder}
    </div>
  );
}
