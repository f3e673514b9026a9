import { AppstoreOutlined, DeleteOutlined, EditOutlined, RestOutlined, InboxOutlined, MoreOutlined, OrderedListOutlined } from '@ant-design/icons';
import { SERIES_NAME_MAX, type Series } from '@ads/contracts';
import { Button, Dropdown } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SidePanel } from '../../../shared/list/side-panel';
import { useConfirm } from '../../../shared/ui/dialogs';
import { NameDialog } from '../../../shared/ui/name-dialog';
import { showToast } from '../../../shared/ui/toast';
import { useCreateSeries, useDeleteSeries, useRenameSeries } from '../api';
import { errorText } from '../format';
import type { SeriesScope } from '../library-state';

interface SeriesPanelProps {
  series: readonly Series[];
  loading: boolean;
  error: unknown;
  onRetry: () => void;
  selected: SeriesScope;
  onSelect: (scope: SeriesScope) => void;
  canWrite: boolean;
}

type Dialog = { kind: 'create' } | { kind: 'rename'; series: Series } | null;

/**
 * Beside the videos: All videos, Not in a series, each series with its count and actions, and for
 * those who delete videos the recycle bin (a publisher's menu has no bin of its own).
 */
export function SeriesPanel({ series, loading, error, onRetry, selected, onSelect, canWrite }: SeriesPanelProps) {
  const { t } = useTranslation();
  const [confirm, confirmHolder] = useConfirm();
  const [dialog, setDialog] = useState<Dialog>(null);
  const deleteSeries = useDeleteSeries();

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
            {count !== undefined && (
              <span className="series-count" aria-label={t('videoLibrary.series.countLabel', { count })}>
                {count}
              </span>
            )}
          </button>
          {item && canWrite && (
            <Dropdown
              trigger={['click']}
              menu={{
                items: [
                  { key: 'rename', icon: <EditOutlined />, label: t('videoLibrary.series.rename') },
                  { type: 'divider' },
                  { key: 'delete', icon: <DeleteOutlined />, danger: true, label: t('videoLibrary.series.delete') },
                ],
                onClick: ({ key }) => {
                  if (key === 'rename') setDialog({ kind: 'rename', series: item });
                  else if (key === 'delete') askDelete(item);
                },
              }}
            >
              <Button type="text" size="small" className="panel-more" icon={<MoreOutlined />} aria-label={t('videoLibrary.series.actionsFor', { name: item.name })} />
            </Dropdown>
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
          {dialog && <SeriesNameDialog dialog={dialog} onClose={() => setDialog(null)} onCreated={(item) => onSelect(item.id)} />}
          {confirmHolder}
        </>
      }
    >
      {series.map((item) => row(item.id, <OrderedListOutlined aria-hidden />, item.name, item.videoCount, item))}
    </SidePanel>
  );
}

function SeriesNameDialog({ dialog, onClose, onCreated }: { dialog: NonNullable<Dialog>; onClose: () => void; onCreated: (series: Series) => void }) {
  const { t } = useTranslation();
  const create = useCreateSeries();
  const rename = useRenameSeries();
  const save = async (name: string) => {
    if (dialog.kind === 'rename') {
      await rename.mutateAsync({ id: dialog.series.id, version: dialog.series.version, name });
      showToast('success', t('videoLibrary.series.renamed'));
    } else {
      const created = await create.mutateAsync({ name });
      showToast('success', t('videoLibrary.series.created', { name: created.name }));
      onCreated(created);
    }
  };
  return (
    <NameDialog
      title={dialog.kind === 'rename' ? t('videoLibrary.series.renameTitle', { name: dialog.series.name }) : t('videoLibrary.series.new')}
      label={t('videoLibrary.series.name')}
      okText={dialog.kind === 'rename' ? t('videoLibrary.common.save') : t('videoLibrary.common.create')}
      cancelText={t('videoLibrary.common.cancel')}
      initialName={dialog.kind === 'rename' ? dialog.series.name : ''}
      maxLength={SERIES_NAME_MAX}
      messages={{ required: t('videoLibrary.common.nameRequired'), tooLong: t('videoLibrary.common.tooLong', { max: SERIES_NAME_MAX }) }}
      onSave={save}
      errorText={(cause) => errorText(t, cause)}
      onClose={onClose}
    />
  );
}
