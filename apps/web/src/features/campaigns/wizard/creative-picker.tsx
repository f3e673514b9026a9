import { PlayCircleFilled } from '@ant-design/icons';
import type { AdFormat, ImageRejection, ImageReviewStatus } from '@ads/contracts';
import { useEffect, useState } from 'react';
import { useTranslation } from '../../../shared/i18n/translate';
import { queryKeys } from '../../../shared/data/query-keys';
import { formatDateTime } from '../../../shared/format';
import { ReviewStatusTag } from '../../../shared/list/review-status-tag';
import { useConfirm } from '../../../shared/ui/confirm';
import { useContractQuery } from '../../../shared/data/use-contract-query';
import { AppModal } from '../../../shared/ui/dialogs';
import './creative-picker.css';
import type { CreativePreview } from './form-model';
import { Button } from '../../../shared/ui/button';
import { Empty } from '../../../shared/ui/empty';
import { Result } from '../../../shared/ui/result';
import { Skeleton } from '../../../shared/ui/skeleton';
import { Input } from '../../../shared/ui/input';

// The library picker of the ads step, loaded only when it is first opened (the wizard's bundle
// stays small). Images and videos are listed by the libraries' own calls, newest first. Each image
// shows its review status, a rejected one why and when; choosing a rejected one asks first.

const PAGE = 24;
const MAX_PAGE = 200;

interface Item {
  id: number;
  name: string;
  previewUrl: string | null;
  /** Images only: the review's verdict, and why a rejected one stands rejected. */
  review?: { status: ImageReviewStatus; rejection: ImageRejection | null };
}

function useLibrary(kind: AdFormat, search: string, pageSize: number) {
  const payload = { search: search || undefined, page: 1, pageSize };
  const images = useContractQuery('assets.imageList', payload, { queryKey: [...queryKeys.images, 'list', 'picker', payload], enabled: kind === 'image' });
  const videos = useContractQuery('videos.videoList', payload, { queryKey: [...queryKeys.videoItems, 'list', 'picker', payload], enabled: kind === 'video' });
  const query = kind === 'image' ? images : videos;
  const items: Item[] | undefined =
    kind === 'image'
      ? images.data?.items.map((image) => ({
          id: image.id,
          name: image.name,
          previewUrl: image.thumbnailUrl,
          review: { status: image.reviewStatus, rejection: image.rejection ?? null },
        }))
      : videos.data?.items.map((video) => ({ id: video.id, name: video.name, previewUrl: video.posterUrl }));
  return { query, items, total: query.data?.total ?? 0 };
}

export default function CreativePicker({ kind, onPick, onClose }: { kind: AdFormat; onPick: (creative: CreativePreview) => void; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const [confirm, confirmHolder] = useConfirm();
  const [typed, setTyped] = useState('');
  const [search, setSearch] = useState('');
  const [pageSize, setPageSize] = useState(PAGE);
  // Typing pauses before the list follows.
  useEffect(() => {
    const timer = setTimeout(() => {
      setSearch(typed.trim());
      setPageSize(PAGE);
    }, 300);
    return () => clearTimeout(timer);
  }, [typed]);
  const { query, items, total } = useLibrary(kind, search, pageSize);
  const why = (rejection: ImageRejection) => ({
    date: formatDateTime(rejection.at, i18n.language),
    reason: rejection.reason ?? t('campaigns.wizard.picker.noReason'),
  });
  const pick = ({ review, ...item }: Item) => {
    if (review?.status !== 'rejected') return onPick({ kind, ...item });
    confirm({
      title: t('campaigns.wizard.picker.confirmTitle'),
      content: (
        <>
          {review.rejection && <p>{t('campaigns.wizard.picker.rejectedWhy', why(review.rejection))}</p>}
          <p>{t('campaigns.wizard.picker.confirmText', { name: item.name })}</p>
        </>
      ),
      okText: t('campaigns.wizard.picker.confirmOk'),
      cancelText: t('campaigns.wizard.picker.confirmCancel'),
      onOk: () => onPick({ kind, ...item }),
    });
  };

  return (
    <AppModal open width={760} title={t(kind === 'image' ? 'campaigns.wizard.picker.imageTitle' : 'campaigns.wizard.picker.videoTitle')} footer={null} onCancel={onClose}>
      <Input.Search allowClear aria-label={t('campaigns.wizard.picker.search')} placeholder={t('campaigns.wizard.picker.search')} value={typed} onChange={(event) => setTyped(event.target.value)} />
      <div className="wizard-picker-body">
        {query.isError ? (
          <Result status="warning" title={t('campaigns.wizard.picker.loadError')} extra={<Button onClick={() => void query.refetch()}>{t('campaigns.wizard.picker.retry')}</Button>} />
        ) : !items ? (
          <Skeleton active />
        ) : items.length === 0 ? (
          <Empty description={t('campaigns.wizard.picker.empty')} />
        ) : (
          <ul className="wizard-picker-grid">
            {items.map((item) => (
              <li key={item.id}>
                {/* Named by the file alone; its review status describes it. */}
                <button
                  type="button"
                  className="wizard-picker-item"
                  onClick={() => pick(item)}
                  aria-labelledby={`picker-${kind}-${item.id}-name`}
                  aria-describedby={item.review ? `picker-${kind}-${item.id}-review` : undefined}
                >
                  <span className="wizard-picker-thumb">
                    {item.previewUrl ? <img src={item.previewUrl} alt="" loading="lazy" /> : null}
                    {kind === 'video' && <PlayCircleFilled className="wizard-preview-play" aria-hidden />}
                  </span>
                  <span className="wizard-picker-name" id={`picker-${kind}-${item.id}-name`}>
                    {item.name}
                  </span>
                  {item.review && (
                    <span className="wizard-picker-review" id={`picker-${kind}-${item.id}-review`}>
                      <ReviewStatusTag status={item.review.status} label={t(`campaigns.wizard.picker.status.${item.review.status}`)} />
                      {item.review.rejection && <span className="wizard-picker-why">{t('campaigns.wizard.picker.rejectedWhy', why(item.review.rejection))}</span>}
                    </span>
                  )}
                </button>
              </li>
            ))}
          </ul>
        )}
        {items && total > items.length && (
          <Button block loading={query.isFetching} onClick={() => setPageSize((size) => Math.min(MAX_PAGE, size + PAGE))}>
            {t('campaigns.wizard.picker.more')}
          </Button>
        )}
      </div>
      {confirmHolder}
    </AppModal>
  );
}
