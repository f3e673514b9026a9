import { ClockCircleOutlined, CloudUploadOutlined } from '@ant-design/icons';
import type { Series } from '@ads/contracts';
import { Suspense, useState } from 'react';
import { useTranslation } from '../../../shared/i18n/translate';
import { Link } from '../../../shared/router/router';
import { useHasPower } from '../../../shared/use-has-power';
import { Button } from '../../../shared/ui/button';
import { useShownOnce } from '../../../shared/ui/lazy-named';
import { contentRequestLink, SubmitContentDialog } from '../../publisher-content';

/** A publisher submits its series for publication (staff review them in Publisher Content). */
export const useCanPublishSeries = (): boolean => useHasPower('content.request');

/** The publication dialog of a series (its preview, then submit); loads with antd when first shown. */
export function SeriesSubmitDialog({ series, onClose }: { series: Series | null; onClose: () => void }) {
  const wanted = useShownOnce(series !== null);
  const [shown, setShown] = useState<Series | null>(series);
  // The series stays named while the dialog closes.
  if (series && series !== shown) setShown(series);
  if (!wanted || !shown) return null;
  return (
    <Suspense fallback={null}>
      <SubmitContentDialog open={series !== null} onClose={onClose} series={{ id: shown.id, name: shown.name }} />
    </Suspense>
  );
}

/**
 * Beside the selected series' heading: "Pending review" (a link to its request) while a request
 * waits, else "Submit for publication" (or "Submit changes" once published), which previews and submits.
 */
export function SeriesPublishAction({ series }: { series: Series }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      {series.pendingContentRequestId !== null ? (
        <Link to={contentRequestLink(series.pendingContentRequestId)} className="series-pending-link">
          <ClockCircleOutlined aria-hidden /> {t('videoLibrary.publishing.pending')}
        </Link>
      ) : (
        <Button size="small" icon={<CloudUploadOutlined aria-hidden />} onClick={() => setOpen(true)}>
          {t(series.publishedAt ? 'videoLibrary.publishing.submitChanges' : 'videoLibrary.publishing.submit')}
        </Button>
      )}
      <SeriesSubmitDialog series={open ? series : null} onClose={() => setOpen(false)} />
    </>
  );
}
