import { REVIEW_REASON_MAX, type Placement } from '@ads/contracts';
import { useId, useState } from 'react';
import { useTranslation } from '../../../shared/i18n/translate';
import { AppModal } from '../../../shared/ui/dialogs';
import { adName, placementErrorText } from './placement-format';
import { Alert } from '../../../shared/ui/alert';
import { Input } from '../../../shared/ui/input';

interface RejectPlacementsDialogProps {
  placements: readonly Placement[];
  pending: boolean;
  /** Sends the rejection; a failure it throws is shown here, with the reason kept. */
  reject: (reason: string) => Promise<void>;
  onClose: () => void;
}

/** Rejecting one or many placements with one reason, which their advertisers see. */
export function RejectPlacementsDialog({ placements, pending, reject, onClose }: RejectPlacementsDialogProps) {
  const { t } = useTranslation();
  const id = useId();
  const [reason, setReason] = useState('');
  const [checked, setChecked] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const missing = checked && !reason.trim();
  const count = placements.length;
  const first = placements[0]!;

  const submit = async () => {
    setChecked(true);
    if (!reason.trim()) return;
    setError(null);
    try {
      await reject(reason.trim());
    } catch (cause) {
      setError(placementErrorText(t, cause));
    }
  };

  return (
    <AppModal
      open
      title={t('inventory.placements.reject.title', { count })}
      okText={t('inventory.placements.reject.ok')}
      okButtonProps={{ danger: true }}
      cancelText={t('inventory.placements.cancel')}
      confirmLoading={pending}
      onOk={() => void submit()}
      onCancel={onClose}
    >
      <p>{t('inventory.placements.reject.text', { count, name: adName(t, first.ad), slot: first.slot.name })}</p>
      <label htmlFor={id} className="field-label">
        {t('inventory.placements.reject.reason')}
      </label>
      <Input.TextArea
        id={id}
        autoFocus
        value={reason}
        onChange={(event) => setReason(event.target.value)}
        maxLength={REVIEW_REASON_MAX}
        showCount
        autoSize={{ minRows: 3, maxRows: 8 }}
        placeholder={t('inventory.placements.reject.placeholder')}
        status={missing ? 'error' : undefined}
        aria-invalid={missing}
        aria-describedby={missing ? `${id}-error` : undefined}
      />
      {missing && (
        <p id={`${id}-error`} className="slot-field-error" role="alert">
          {t('inventory.placements.reject.required')}
        </p>
      )}
      {error && <Alert className="dialog-alert" type="error" showIcon title={error} />}
    </AppModal>
  );
}
