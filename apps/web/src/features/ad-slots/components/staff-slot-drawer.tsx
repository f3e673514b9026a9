import { useCanReviewSlots } from '../api';
import { ReviewPanel } from './review-panel';
import { SlotDrawer } from './slot-drawer';
import type { SlotActions } from './use-slot-actions';

/** Staff's drawer of a slot: every publisher's slot, and the review of one waiting for it. */
export default function StaffSlotDrawer({ id, onClose, actions }: { id: number | undefined; onClose: () => void; actions: SlotActions }) {
  const canReview = useCanReviewSlots();
  return (
    <SlotDrawer
      id={id}
      onClose={onClose}
      actions={actions}
      showPublisher
      header={(slot) => (canReview && slot.status === 'pending_review' ? <ReviewPanel key={slot.version} slot={slot} onDecided={onClose} /> : null)}
    />
  );
}
