import { formatBytes } from '@ads/contracts';
import { DeleteOutlined, DownloadOutlined, EditOutlined, FolderOutlined, SwapOutlined } from '@ant-design/icons';
import type { ImageDetail } from '@ads/contracts';
import { useTranslation } from '../../../shared/i18n/translate';
import { Link } from '../../../shared/router/router';
import { isApiError } from '../../../shared/api-client';
import { useImageDetail } from '../api';
import { formatDateTime } from '../../../shared/format';
import { errorText, formatLabel } from '../format';
import { ReviewStatusTag, type ImageActions } from './image-bits';
import { Button } from '../../../shared/ui/button';
import { Space } from '../../../shared/ui/space';
import { Alert } from '../../../shared/ui/alert';
import { Empty } from '../../../shared/ui/empty';
import { Skeleton } from '../../../shared/ui/skeleton';
import { Descriptions } from '../../../shared/ui/descriptions';
import { List } from '../../../shared/ui/list';
import { Tag } from '../../../shared/ui/tag';
import { Timeline } from '../../../shared/ui/timeline';
import { Typography } from '../../../shared/ui/typography';
import { Drawer } from '../../../shared/ui/drawer';

interface ImageDetailDrawerProps {
  id: number | undefined;
  onClose: () => void;
  actions: ImageActions;
  canWrite: boolean;
  onGoToFolder: (folderId: number | null) => void;
}

/** One image: the picture, its facts, where it is used, its review history and what can be done. */
export function ImageDetailDrawer({ id, onClose, actions, canWrite, onGoToFolder }: ImageDetailDrawerProps) {
  const { t } = useTranslation();
  const detail = useImageDetail(id);
  const image = detail.data;

  return (
    <Drawer
      open={id !== undefined}
      onClose={onClose}
      size={560}
      title={image?.name ?? t('assetLibrary.detail.title')}
      closable={{ 'aria-label': t('assetLibrary.common.close') }}
      className="image-detail-drawer"
      extra={
        image && !image.inRecycleBin ? (
          <Space>
            <Button icon={<DownloadOutlined />} href={image.downloadUrl} download={image.name}>
              {t('assetLibrary.actions.download')}
            </Button>
          </Space>
        ) : null
      }
    >
      {detail.isPending && id !== undefined ? (
        <Skeleton active title={false} paragraph={{ rows: 4 }} />
      ) : detail.isError ? (
        <Alert
          type={isApiError(detail.error) && detail.error.statusCode === 404 ? 'warning' : 'error'}
          showIcon
          title={isApiError(detail.error) && detail.error.statusCode === 404 ? t('assetLibrary.detail.gone') : errorText(t, detail.error)}
        />
      ) : image ? (
        <DetailBody image={image} actions={actions} canWrite={canWrite} onGoToFolder={onGoToFolder} />
      ) : null}
    </Drawer>
  );
}

function DetailBody({ image, actions, canWrite, onGoToFolder }: { image: ImageDetail } & Omit<ImageDetailDrawerProps, 'id' | 'onClose'>) {
  const { t, i18n } = useTranslation();
  const date = (iso: string) => formatDateTime(iso, i18n.language);

  return (
    <div className="image-detail">
      {image.inRecycleBin && (
        <Alert
          type="warning"
          showIcon
          title={t('assetLibrary.detail.inBin')}
          action={<Link to="/assetLibrary/recycleBin">{t('assetLibrary.upload.openBin')}</Link>}
        />
      )}
      <a className="image-detail-preview" href={image.url} target="_blank" rel="noreferrer" aria-label={t('assetLibrary.detail.openFull', { name: image.name })}>
        <img src={image.url} alt={image.name} />
      </a>
      {canWrite && !image.inRecycleBin && (
        <Space wrap className="image-detail-actions">
          <Button icon={<EditOutlined />} onClick={() => actions.rename(image)}>
            {t('assetLibrary.actions.rename')}
          </Button>
          <Button icon={<SwapOutlined />} onClick={() => actions.move([image])}>
            {t('assetLibrary.actions.move')}
          </Button>
          <Button danger icon={<DeleteOutlined />} onClick={() => actions.remove([image])}>
            {t('assetLibrary.actions.delete')}
          </Button>
        </Space>
      )}

      <Descriptions
        className="image-detail-facts"
        column={1}
        size="small"
        bordered
        items={[
          { key: 'name', label: t('assetLibrary.columns.name'), children: image.name },
          { key: 'format', label: t('assetLibrary.columns.format'), children: `${formatLabel(image.format)} (${image.mime})` },
          { key: 'dimensions', label: t('assetLibrary.columns.dimensions'), children: `${image.width} × ${image.height} px` },
          { key: 'size', label: t('assetLibrary.columns.size'), children: image.bytes < 1024 ? formatBytes(image.bytes) : `${formatBytes(image.bytes)} (${image.bytes.toLocaleString(i18n.language)} B)` },
          {
            key: 'sha',
            label: t('assetLibrary.detail.sha256'),
            children: (
              <Typography.Text code copyable={{ text: image.sha256, tooltips: [t('assetLibrary.detail.copy'), t('assetLibrary.detail.copied')] }} title={image.sha256}>
                {image.sha256.slice(0, 12)}
              </Typography.Text>
            ),
          },
          {
            key: 'folder',
            label: t('assetLibrary.detail.folder'),
            children: (
              <Button type="link" size="small" className="inline-link" icon={<FolderOutlined />} onClick={() => onGoToFolder(image.folderId)}>
                {image.folderId === null ? t('assetLibrary.folders.root') : (image.folderName ?? t('assetLibrary.folders.root'))}
              </Button>
            ),
          },
          {
            key: 'uploaded',
            label: t('assetLibrary.detail.uploaded'),
            children: image.uploadedBy
              ? t('assetLibrary.detail.uploadedByAt', { name: image.uploadedBy.name, at: date(image.createdAt) })
              : date(image.createdAt),
          },
          { key: 'status', label: t('assetLibrary.columns.status'), children: <ReviewStatusTag status={image.reviewStatus} /> },
        ]}
      />

      <section aria-labelledby="image-detail-used">
        <h3 id="image-detail-used" className="detail-heading">
          {t('assetLibrary.detail.usedBy')}
        </h3>
        {image.usedBy.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('assetLibrary.detail.notUsed')} />
        ) : (
          <List
            size="small"
            bordered
            dataSource={image.usedBy}
            renderItem={(use) => (
              <List.Item>
                <span>
                  <strong>{use.name}</strong>
                  {use.campaignName ? ` · ${use.campaignName}` : ''}
                </span>
                <Tag>{use.status}</Tag>
              </List.Item>
            )}
          />
        )}
      </section>

      <section aria-labelledby="image-detail-reviews">
        <h3 id="image-detail-reviews" className="detail-heading">
          {t('assetLibrary.detail.reviews')}
        </h3>
        {image.reviews.length === 0 && image.replacements.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('assetLibrary.detail.notReviewed')} />
        ) : (
          <Timeline
            items={[
              ...image.reviews.map((review) => ({
                key: `review-${review.id}`,
                at: review.at,
                color: review.decision === 'approved' ? 'green' : 'red',
                content: (
                  <div className="review-entry">
                    <div>
                      <ReviewStatusTag status={review.decision} />
                      <span className="review-when">{date(review.at)}</span>
                      {review.resolvedAt && <Tag color="blue">{t('assetLibrary.detail.resolved')}</Tag>}
                    </div>
                    {review.reason && <p className="review-reason">{review.reason}</p>}
                    <p className="review-meta">
                      {[
                        review.reviewer && t('assetLibrary.rejected.by', { name: review.reviewer.name }),
                        review.campaign && t('assetLibrary.rejected.inCampaign', { name: review.campaign.name }),
                      ]
                        .filter(Boolean)
                        .join(' · ')}
                    </p>
                  </div>
                ),
              })),
              // The files it had before: each replacement keeps the replaced file's name, size and upload date.
              ...image.replacements.map((replaced) => ({
                key: `replacement-${replaced.id}`,
                at: replaced.replacedAt,
                color: 'gray',
                content: (
                  <div className="review-entry">
                    <div>
                      <Tag>{t('assetLibrary.detail.replacedTag')}</Tag>
                      <span className="review-when">{date(replaced.replacedAt)}</span>
                    </div>
                    <p className="review-reason">
                      {t('assetLibrary.detail.replacedFile', {
                        name: replaced.name,
                        width: replaced.width,
                        height: replaced.height,
                        uploadedAt: date(replaced.uploadedAt),
                      })}
                    </p>
                    {replaced.replacedBy && <p className="review-meta">{t('assetLibrary.rejected.by', { name: replaced.replacedBy.name })}</p>}
                  </div>
                ),
              })),
            ]
              .sort((a, b) => b.at.localeCompare(a.at))
              .map(({ key, color, content }) => ({ key, color, content }))}
          />
        )}
      </section>
    </div>
  );
}
