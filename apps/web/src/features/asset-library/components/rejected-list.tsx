import { SwapOutlined } from '@ant-design/icons';
import { IMAGE_REPLACE_PATH, type ErrorDetails, type RejectedImage } from '@ads/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { KeyboardScroll } from '../../../shared/list/keyboard-scroll';
import { useTranslation } from '../../../shared/i18n/translate';
import { errorDetails, isApiError } from '../../../shared/api-client';
import { useConfirm } from '../../../shared/ui/confirm';
import { showToast } from '../../../shared/ui/toast';
import { assetKeys, useRejectedImages } from '../api';
import { formatDateTime } from '../../../shared/format';
import { errorText } from '../format';
import { ACCEPT_ATTRIBUTE, precheckFile, uploadErrorText, uploadFile } from '../upload';
import type { ImageActions } from './image-bits';
import { InUseList } from './use-image-actions';
import { Button } from '../../../shared/ui/button';
import { Alert } from '../../../shared/ui/alert';
import { Empty } from '../../../shared/ui/empty';
import { Progress } from '../../../shared/ui/progress';
import { Table, type TableColumnsType } from '../../../shared/ui/table';
import { Upload } from '../../../shared/ui/upload';

interface RejectedListProps {
  search: string;
  page: number;
  onPage: (page: number) => void;
  actions: ImageActions;
  canWrite: boolean;
}

/** Images whose latest review rejected them: why, who, in which campaign, when; and Replace. */
export function RejectedList({ search, page, onPage, actions, canWrite }: RejectedListProps) {
  const { t, i18n } = useTranslation();
  const query = useRejectedImages(search, page);
  const queryClient = useQueryClient();
  const [progress, setProgress] = useState<Record<number, number>>({});
  const [confirm, confirmHolder] = useConfirm();

  /** Other dimensions may no longer fit the ads using the image: say which, and replace only once confirmed. */
  const askDimensions = (row: RejectedImage, file: File, uses: ErrorDetails<'IMAGE_DIMENSIONS_CHANGED'>['uses']) => {
    const size = { name: row.image.name, width: row.image.width, height: row.image.height };
    void confirm({
      title: t('assetLibrary.rejected.dimensionsTitle', size),
      content: uses.length ? (
        <InUseList uses={uses} text={t('assetLibrary.rejected.dimensionsText', { ...size, count: uses.length })} />
      ) : (
        t('assetLibrary.rejected.dimensionsUnused', size)
      ),
      okText: t('assetLibrary.rejected.dimensionsOk'),
      cancelText: t('assetLibrary.common.cancel'),
      width: 520,
      onOk: () => replace(row, file, true),
    });
  };

  const replace = async (row: RejectedImage, file: File, confirmDimensions = false) => {
    const refused = precheckFile(file);
    if (refused) {
      showToast('error', uploadErrorText(t, { errorCode: refused }));
      return;
    }
    const id = row.image.id;
    setProgress((current) => ({ ...current, [id]: 0 }));
    try {
      const query = confirmDimensions ? { id, version: row.image.version, confirmDimensions: '1' } : { id, version: row.image.version };
      const replaced = await uploadFile(IMAGE_REPLACE_PATH, query, file, {
        onProgress: (fraction) => setProgress((current) => ({ ...current, [id]: Math.min(99, Math.round(fraction * 100)) })),
      });
      showToast('success', t('assetLibrary.rejected.replaced', { name: replaced.name }));
      await queryClient.invalidateQueries({ queryKey: assetKeys.images() });
    } catch (cause) {
      const code = isApiError(cause) ? cause.code : undefined;
      if (code === 'IMAGE_DIMENSIONS_CHANGED') {
        askDimensions(row, file, errorDetails(cause, 'IMAGE_DIMENSIONS_CHANGED')?.uses ?? []);
        return;
      }
      showToast(
        'error',
        code === 'IMAGE_DUPLICATE' ? t('assetLibrary.rejected.duplicate') : uploadErrorText(t, { errorCode: code, errorDetail: isApiError(cause) ? cause.detail : undefined }),
      );
    } finally {
      setProgress((current) => {
        const next = { ...current };
        delete next[id];
        return next;
      });
    }
  };

  const columns: TableColumnsType<RejectedImage> = [
    {
      key: 'image',
      title: t('assetLibrary.columns.name'),
      width: 230,
      render: (_, row) => (
        <div className="rejected-image">
          <img className="image-table-thumb" src={row.image.thumbnailUrl} alt="" loading="lazy" />
          <Button type="link" className="list-name-link" onClick={() => actions.open(row.image)}>
            {row.image.name}
          </Button>
        </div>
      ),
    },
    {
      key: 'reason',
      title: t('assetLibrary.rejected.reason'),
      render: (_, row) => row.review.reason ?? t('assetLibrary.rejected.noReason'),
    },
    {
      // Campaign, reviewer and time share a column so the table fits beside the folder tree.
      key: 'review',
      title: `${t('assetLibrary.rejected.campaign')} · ${t('assetLibrary.rejected.reviewer')}`,
      width: 220,
      render: (_, row) => (
        <div className="rejected-review">
          <div>{row.review.campaign?.name ?? '—'}</div>
          <div className="rejected-review-meta">
            {row.review.reviewer?.name ?? '—'} · {formatDateTime(row.review.at, i18n.language)}
          </div>
        </div>
      ),
    },
    ...(canWrite
      ? [
          {
            key: 'replace',
            title: <span className="visually-hidden">{t('assetLibrary.columns.actions')}</span>,
            width: 120,
            // In reach however far the table scrolls inside its card.
            fixed: 'right' as const,
            render: (_: unknown, row: RejectedImage) =>
              progress[row.image.id] !== undefined ? (
                <Progress percent={progress[row.image.id]} size="small" aria-label={t('assetLibrary.upload.progress', { name: row.image.name })} />
              ) : (
                <Upload
                  accept={ACCEPT_ATTRIBUTE}
                  showUploadList={false}
                  beforeUpload={(file) => {
                    void replace(row, file);
                    return Upload.LIST_IGNORE;
                  }}
                >
                  <Button icon={<SwapOutlined />} aria-label={t('assetLibrary.rejected.replaceNamed', { name: row.image.name })}>
                    {t('assetLibrary.rejected.replace')}
                  </Button>
                </Upload>
              ),
          },
        ]
      : []),
  ];

  if (query.isError) {
    return (
      <Alert
        type="error"
        showIcon
        title={errorText(t, query.error)}
        action={
          <Button size="small" onClick={() => void query.refetch()}>
            {t('assetLibrary.common.retry')}
          </Button>
        }
      />
    );
  }

  return (
    <div className="rejected-list">
      {confirmHolder}
      <Alert className="rejected-intro" type="info" showIcon title={t('assetLibrary.rejected.intro')} />
      <KeyboardScroll>
        <Table<RejectedImage>
          rowKey={(row) => row.image.id}
          columns={columns}
          dataSource={query.data?.items ?? []}
          loading={query.isFetching}
          scroll={{ x: 760 }}
          locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('assetLibrary.rejected.empty')} /> }}
          pagination={{
            current: page,
            pageSize: query.data?.pageSize ?? 20,
            total: query.data?.total ?? 0,
            showSizeChanger: false,
            onChange: onPage,
            hideOnSinglePage: true,
          }}
        />
      </KeyboardScroll>
    </div>
  );
}
