import { CheckOutlined, CloseOutlined } from '@ant-design/icons';
import { REVIEW_REASON_MAX, type AdSlotDetail } from '@ads/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from '../../../shared/i18n/translate';
import { isApiError } from '../../../shared/api-client';
import { showToast } from '../../../shared/ui/toast';
import { useReviewAdSlot } from '../api';
import { adSlotKeys } from '../query-keys';
import { errorText } from './format';
import { Button } from '../../../shared/ui/button';
import { Space } from '../../../shared/ui/space';
import { Input } from '../../../shared/ui/input';

const OUT_OF_DATE = new Set(['STALE_VERSION', 'AD_SLOT_STATE', 'NOT_FOUND']);

const reasonProblem = (reason: string) => (!reason.trim() ? 'required' : reason.trim().length > REVIEW_REASON_MAX ? 'tooLong' : undefined);

/** Staff's decision on a slot waiting for review: Approve, or Reject with a reason the publisher sees. */
export function ReviewPanel({ slot, onDecided }: { slot: AdSlotDetail; onDecided: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const review = useReviewAdSlot();
  const baseId = useId();
  const [rejecting, setRejecting] = useState(false);
  const [reason, setReason] = useState('');
  const [showError, setShowError] = useState(false);
  const [deciding, setDeciding] = useState<'approve' | 'reject' | null>(null);

  const decide = async (decision: 'approve' | 'reject') => {
    setDeciding(decision);
    try {
      await review.mutateAsync(
        decision === 'approve'
          ? { id: slot.id, version: slot.version, decision }
          : { id: slot.id, version: slot.version, decision, reason: reason.trim() },
      );
      showToast('success', t(decision === 'approve' ? 'inventory.slotReview.approved' : 'inventory.slotReview.rejected', { name: slot.name }));
      onDecided();
    } catch (cause) {
      const code = isApiError(cause) ? cause.code : undefined;
      if (code && OUT_OF_DATE.has(code)) {
        showToast('error', t(`inventory.slotReview.outOfDate.${code}`));
        void queryClient.invalidateQueries({ queryKey: adSlotKeys.slots });
      } else showToast('error', errorText(t, cause));
    } finally {
      setDeciding(null);
    }
  };

  const reject = () => {
    setShowError(true);
    if (!reasonProblem(reason)) void decide('reject');
  };

  const problem = showError ? reasonProblem(reason) : undefined;
  const reasonId = `${baseId}-reason`;

  return (
    <section className="slot-review" aria-labelledby={`${baseId}-title`}>
      <h3 id={`${baseId}-title`}>{t('inventory.slotReview.title')}</h3>
      <p className="list-muted">{t('inventory.slotReview.intro')}</p>
      {!rejecting ? (
        <Space wrap>
          <Button type="primary" icon={<CheckOutlined />} loading={deciding === 'approve'} disabled={deciding !== null} onClick={() => void decide('approve')}>
            {t('inventory.slotReview.approve')}
          </Button>
          <Button danger icon={<CloseOutlined />} disabled={deciding !== null} onClick={() => setRejecting(true)}>
            {t('inventory.slotReview.rejectStart')}
          </Button>
        </Space>
      ) : (
        <>
          <div>
            <label htmlFor={reasonId} className="field-label">
              {t('inventory.slotReview.reason')}
            </label>
            <Input.TextArea
              id={reasonId}
              autoFocus
              value={reason}
              onChange={(event) => setReason(event.target.value)}
              autoSize={{ minRows: 3, maxRows: 8 }}
              placeholder={t('inventory.slotReview.reasonPlaceholder')}
              status={problem ? 'error' : undefined}
              aria-invalid={!!problem}
              aria-describedby={problem ? `${reasonId}-error` : `${reasonId}-help`}
            />
            {problem ? (
              <p id={`${reasonId}-error`} className="slot-field-error" role="alert">
                {t(`inventory.slotReview.${problem}`, { max: REVIEW_REASON_MAX })}
              </p>
            ) : (
              <p id={`${reasonId}-help`} className="list-muted slot-field-help">
                {t('inventory.slotReview.reasonHelp')}
              </p>
            )}
          </div>
          <Space wrap>
            <Button danger type="primary" icon={<CloseOutlined />} loading={deciding === 'reject'} onClick={reject}>
              {t('inventory.slotReview.rejectSend')}
            </Button>
            <Button disabled={deciding !== null} onClick={() => setRejecting(false)}>
              {t('inventory.slots.cancel')}
            </Button>
          </Space>
        </>
      )}
    </section>
  );
}
