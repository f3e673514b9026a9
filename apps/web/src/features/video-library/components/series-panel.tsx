import { AppstoreOutlined, CheckCircleFilled, ClockCircleOutlined, CloudUploadOutlined, EditOutlined, RestOutlined, InboxOutlined, OrderedListOutlined } from '@ant-design/icons';
import type { Series } from '@ads/contracts';
import { Suspense, useState } from 'react';
import { useTranslation } from '../../../shared/i18n/translate';
import { useNavigate } from '../../../shared/router/router';
import { RowActionsMenu } from '../../../shared/list/row-actions-menu';
import { SidePanel } from '../../../shared/list/side-panel';
import { useConfirm } from '../../../shared/ui/confirm';
import { showToast } from '../../../shared/ui/toast';
import { lazyWithAntd } from '../../../shared/ui/with-antd';
import { useDeleteSeries } from '../api';
import { errorText } from '../format';
import type { SeriesScope } from '../library-state';
import type { SeriesDialog } from './series-name-dialog';
import { contentRequestLink } from '../../publisher-content';
import { SeriesSubmitDialog, useCanPublishSeries } from './series-publish';

// The panel is plain HTML, part of the library's first view: a series' menu (the kit's row menu)
// loads antd when a "…" is first pressed, the name dialog (antd's modal and form) when first asked for.
const SeriesNameDialog = lazyWithAntd(() => import('./series-name-dialog'));

interface SeriesPanelProps {
  series: readonly Series[];
  loading: boolean;
  error: unknown;
  onRetry: () => void;
  selected: SeriesScope;
  onSelect: (scope: SeriesScope) => void;
  canWrite: boolean;
}

/**
 * Beside the videos: All videos, Not in a series, each series with its count and actions, and for
 * those who delete videos the recycle bin (a publisher's menu has no bin of its own).
 */
export function SeriesPanel({ series, loading, error, onRetry, selected, onSelect, canWrite }: SeriesPanelProps) {
  const { t } = useTranslation();
  const [confirm, confirmHolder] = useConfirm();
  const [dialog, setDialog] = useState<SeriesDialog | null>(null);
  const deleteSeries = useDeleteSeries();
  const canPublish = useCanPublishSeries() && canWrite;
  const [publishing, setPublishing] = useState<Series | null>(null);
  const navigate = useNavigate();

  /** Submit (or its changes), or the pending request: a publisher's series are published through Request Approvals. */
  const publishAction = (item: Series) =>
    item.pendingContentRequestId !== null
      ? { key: 'pending', icon: <ClockCircleOutlined />, label: t('videoLibrary.publishing.pending'), run: () => void navigate(contentRequestLink(item.pendingContentRequestId!)) }
      : {
          key: 'publish',
          icon: <CloudUploadOutlined />,
          label: t(item.publishedAt ? 'videoLibrary.publishing.submitChanges' : 'videoLibrary.publishing.submit'),
          run: () => setPublishing(item),
        };

  const askDelete = (item: Series) => {
    void confirm({
      title: t('videoLibrary.series.deleteTitle', { name: item.name }),
      content: t('videoLibrary.series.deleteText', { count: item.videoCount }),
      okText: t('videoLibrary.series.deleteOk'),
      okButtonProps: { danger: true },
      cancelText: t('videoLibrary.common.cancel'),
      onOk: async () => {
        try {
          const result = await deleteSeries.mutateAsync(item.id);
          showToast('success', t('videoLibrary.series.deleted', { name: item.name, count: result.videos }));
          if (selected === item.id) onSelect('all');
        } catch (cause) {
          showToast('error', errorText(t, cause));
        }
      },
    });
  };

  const row = (scope: SeriesScope, icon: React.ReactNode, label: string, count?: number, item?: Series) => {
    const isSelected = selected === scope;
    return (
      <li key={String(scope)}>
        <div className={`panel-row${isSelected ? ' is-selected' : ''}`}>
          <button type="button" className="panel-select" aria-current={isSelected ? 'true' : undefined} onClick={() => onSelect(scope)} title={label}>
            {icon}
            <span className="series-name">{label}</span>
            {/* A mark, not a tag: the panel is narrow and the name comes first. */}
            {item?.publishedAt && (
              <span className="series-published" title={t('videoLibrary.publishing.published')}>
                <CheckCircleFilled aria-hidden />
                <span className="visually-hidden">{t('videoLibrary.publishing.published')}</span>
              </span>
            )}
            {count !== undefined && (
              <span className="series-count" aria-label={t('videoLibrary.series.countLabel', { count })}>
                {count}
              </span>
            )}
          </button>
          {item && canWrite && (
            <RowActionsMenu
              className="panel-more"
              label={t('videoLibrary.series.actionsFor', { name: item.name })}
              actions={[
                { key: 'rename', icon: <EditOutlined />, label: t('videoLibrary.series.rename'), run: () => setDialog({ kind: 'rename', series: item }) },
                ...(canPublish ? [publishAction(item)] : []),
              ]}
              remove={{ label: t('videoLibrary.series.delete'), run: () => askDelete(item) }}
            />
          )}
        </div>
      </li>
    );
  };

  return (
    <SidePanel
      className="series-panel"
      title={t('videoLibrary.series.title')}
      create={canWrite ? { label: t('videoLibrary.series.new'), onClick: () => setDialog({ kind: 'create' }) } : undefined}
      fixed={
        <>
          {row('all', <AppstoreOutlined aria-hidden />, t('videoLibrary.series.all'))}
          {row('none', <InboxOutlined aria-hidden />, t('videoLibrary.series.none'))}
        </>
      }
      loading={loading}
      error={error ? { text: errorText(t, error), retryLabel: t('videoLibrary.common.retry'), onRetry } : null}
      empty={series.length === 0}
      emptyText={t('videoLibrary.series.empty')}
      footer={
        <>
          {canWrite && <ul className="panel-list series-list-bin">{row('bin', <RestOutlined aria-hidden />, t('videoLibrary.series.bin'))}</ul>}
          {dialog && (
            <Suspense fallback={null}>
              <SeriesNameDialog dialog={dialog} onClose={() => setDialog(null)} onCreated={(item) => onSelect(item.id)} />
            </Suspense>
          )}
          {canPublish && <SeriesSubmitDialog series={publishing} onClose={() => setPublishing(null)} />}
          {confirmHolder}
        </>
      }
    >
      {series.map((item) => row(item.id, <OrderedListOutlined aria-hidden />, item.name, item.videoCount, item))}
    </SidePanel>
  );
}
