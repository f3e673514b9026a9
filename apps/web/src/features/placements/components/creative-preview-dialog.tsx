import { MODAL_WIDTH, type Placement } from '@ads/contracts';
import { useTranslation } from '../../../shared/i18n/translate';
import { AppModal } from '../../../shared/ui/dialogs';

type Creative = NonNullable<Placement['ad']['creative']>;

/** The body's padding around a creative shown at its own size. */
const MODAL_PADDING = 48;

interface CreativePreviewDialogProps {
  creative: Creative;
  /** The ad's name, the dialog's title and the image's text. */
  name: string;
  size: string;
  onClose: () => void;
}

/** A placement's creative at its own size, or its video playing. */
export default function CreativePreviewDialog({ creative, name, size, onClose }: CreativePreviewDialogProps) {
  const { t } = useTranslation();
  return (
    <AppModal
      open
      title={t('inventory.placements.creative.title', { name })}
      footer={null}
      // Wide enough for the creative at its own size; antd keeps a modal within the screen.
      width={Math.max(MODAL_WIDTH, creative.width + MODAL_PADDING)}
      onCancel={onClose}
      closable={{ 'aria-label': t('inventory.placements.close') }}
    >
      {creative.kind === 'video' ? (
        <video className="placement-full" src={creative.url} poster={creative.previewUrl ?? undefined} width={creative.width} controls />
      ) : (
        <img className="placement-full" src={creative.url} alt={name} width={creative.width} height={creative.height} />
      )}
      <p className="list-muted">
        {creative.name} · {t('inventory.placements.creative.sizeText', { size })}
      </p>
    </AppModal>
  );
}
