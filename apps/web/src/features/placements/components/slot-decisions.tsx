import { Suspense, useState, type ReactNode } from 'react';
import { useTranslation } from '../../../shared/i18n/translate';
import { showToast } from '../../../shared/ui/toast';
import { lazyWithAntd } from '../../../shared/ui/with-antd';
import { useRestoreSlots } from '../api';
import { errorText } from './format';

// The reason dialog (antd's modal and form) loads with antd when first opened, not with the list.
const DisapproveSlotsDialog = lazyWithAntd(() => import('./disapprove-slots-dialog'));

/** What the decisions need of a slot (a catalogue row or a disapproved one). */
export interface SlotRef {
  id: number;
  name: string;
}

export interface SlotDecisions {
  /** Asks for the reason, then disapproves. */
  disapprove: (slots: readonly SlotRef[]) => void;
  /** Approves at once: it only lets ads that fit run there again. */
  restore: (slots: readonly SlotRef[]) => Promise<void>;
  restoring: boolean;
  /** The reason dialog, while open. */
  elements: ReactNode;
}

/**
 * Disapproving and approving slots for the account, one or a selection, with the toasts that say
 * what it means; `onDone` runs after a success (clear the selection).
 */
export function useSlotDecisions(onDone: () => void): SlotDecisions {
  const { t } = useTranslation();
  const restoreCall = useRestoreSlots();
  const [disapproving, setDisapproving] = useState<readonly SlotRef[] | null>(null);

  const restore = async (slots: readonly SlotRef[]) => {
    try {
      const { restored } = await restoreCall.mutateAsync({ slotIds: slots.map((slot) => slot.id) });
      showToast('success', slots.length === 1 ? t('brandSafety.decide.approvedOne', { name: slots[0]!.name }) : t('brandSafety.decide.approvedMany', { count: restored }));
      onDone();
    } catch (cause) {
      showToast('error', errorText(t, cause));
    }
  };

  const elements = disapproving && (
    <Suspense fallback={null}>
      <DisapproveSlotsDialog
        slots={disapproving}
        onClose={() => setDisapproving(null)}
        onDone={() => {
          setDisapproving(null);
          onDone();
        }}
      />
    </Suspense>
  );
  return { disapprove: setDisapproving, restore, restoring: restoreCall.isPending, elements };
}
