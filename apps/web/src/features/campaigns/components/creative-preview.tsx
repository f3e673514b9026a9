import { PlayCircleOutlined } from '@ant-design/icons';
import type { AdCreative } from '@ads/contracts';
import { useState } from 'react';
import { useTranslation } from '../../../shared/i18n/translate';
import { AppModal } from '../../../shared/ui/dialogs';

/** An ad's creative as a thumbnail (an image, or a video's poster); a click enlarges or plays it. */
export function CreativePreview({ creative }: { creative: AdCreative | null }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  if (!creative) return <div className="creative-thumb is-empty">{t('campaigns.list.drawer.noCreative')}</div>;
  const label = t(creative.kind === 'video' ? 'campaigns.list.drawer.playVideo' : 'campaigns.list.drawer.enlargeImage', { name: creative.name });
  return (
    <>
      <button type="button" className="creative-thumb" aria-label={label} title={label} onClick={() => setOpen(true)} disabled={!creative.url}>
        {creative.previewUrl ? <img src={creative.previewUrl} alt="" loading="lazy" /> : <span>{creative.name}</span>}
        {creative.kind === 'video' && <PlayCircleOutlined className="creative-play" aria-hidden />}
      </button>
      {open && creative.url && (
        <AppModal open title={creative.name} footer={null} width={720} onCancel={() => setOpen(false)} closable={{ 'aria-label': t('campaigns.list.close') }}>
          {creative.kind === 'video' ? (
            <video className="creative-full" src={creative.url} poster={creative.previewUrl ?? undefined} controls autoPlay />
          ) : (
            <img className="creative-full" src={creative.url} alt={creative.name} />
          )}
          <p className="list-muted">
            {creative.width && creative.height ? `${creative.width} × ${creative.height} px · ` : ''}
            {creative.inRecycleBin ? t('campaigns.list.drawer.creativeInBin') : creative.name}
          </p>
        </AppModal>
      )}
    </>
  );
}
