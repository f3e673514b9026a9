import { AuditOutlined, EditOutlined, EyeOutlined, SendOutlined } from '@ant-design/icons';
import { AD_SLOT_EDITABLE_STATUSES, type AdSlot, type AdSlotStatus } from '@ads/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, type ReactNode } from 'react';
import { useTranslation } from '../../../shared/i18n/translate';
import { isApiError } from '../../../shared/api-client';
import type { RowAction } from '../../../shared/list/row-actions-menu';
import { useConfirm } from '../../../shared/ui/confirm';
import { showToast } from '../../../shared/ui/toast';
import { useCanReviewSlots, useCanWriteSlots, useDeleteAdSlot, useSubmitAdSlot } from '../api';
import { adSlotKeys } from '../query-keys';
import { errorText } from './format';

export type SlotActionKey = 'open' | 'edit' | 'submit';

export interface SlotActions {
  /** What the slot's state and the user's powers allow, in menu order (delete apart). */
  actionsFor: (slot: AdSlot) => (RowAction & { key: SlotActionKey })[];
  /** Delete (drafts only, after a confirmation); undefined when not offered. */
  removeFor: (slot: AdSlot) => (() => void) | undefined;
  /** The confirmation dialogs' holder. */
  elements: ReactNode;
}

/** Codes that mean the slot on screen is out of date: say so and show it as it is now. */
const OUT_OF_DATE = new Set(['STALE_VERSION', 'AD_SLOT_STATE', 'NOT_FOUND']);

export const isEditable = (status: AdSlotStatus) => (AD_SLOT_EDITABLE_STATUSES as readonly AdSlotStatus[]).includes(status);

/**
 * The actions on one slot, as the server's state machine allows them: edit and submit for drafts
 * and rejected slots, delete for drafts, and only for those who may write. Staff review a waiting
 * slot in its drawer.
 */
export function useSlotActions({ open, edit, onDeleted }: { open: (slot: AdSlot) => void; edit: (slot: AdSlot) => void; onDeleted: (id: number) => void }): SlotActions {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const canWrite = useCanWriteSlots();
  const canReview = useCanReviewSlots();
  const [confirm, confirmHolder] = useConfirm();
  const submit = useSubmitAdSlot();
  const remove = useDeleteAdSlot();

  const failed = useCallback(
    (cause: unknown) => {
      const code = isApiError(cause) ? cause.code : undefined;
      if (code && OUT_OF_DATE.has(code)) {
        showToast('error', t(`inventory.slots.outOfDate.${code}`));
        void queryClient.invalidateQueries({ queryKey: adSlotKeys.slots });
      } else showToast('error', errorText(t, cause));
    },
    [queryClient, t],
  );

  const runSubmit = useCallback(
    async (slot: AdSlot) => {
      try {
        await submit.mutateAsync({ id: slot.id, version: slot.version });
        showToast('success', t('inventory.slots.done.submitted', { name: slot.name }));
      } catch (cause) {
        failed(cause);
      }
    },
    [failed, submit, t],
  );

  const actionsFor = useCallback(
    (slot: AdSlot) => {
      const reviewable = canReview && slot.status === 'pending_review';
      const actions: (RowAction & { key: SlotActionKey })[] = [
        { key: 'open', icon: reviewable ? <AuditOutlined /> : <EyeOutlined />, label: t(reviewable ? 'inventory.slots.actions.review' : 'inventory.slots.actions.open'), run: () => open(slot) },
      ];
      if (canWrite && isEditable(slot.status)) {
        actions.push({ key: 'edit', icon: <EditOutlined />, label: t('inventory.slots.actions.edit'), run: () => edit(slot) });
        actions.push({ key: 'submit', icon: <SendOutlined />, label: t('inventory.slots.actions.submit'), run: () => void runSubmit(slot) });
      }
      return actions;
    },
    [canReview, canWrite, edit, open, runSubmit, t],
  );

  const removeFor = useCallback(
    (slot: AdSlot) => {
      if (!canWrite || slot.status !== 'draft') return undefined;
      return () =>
        void confirm({
          title: t('inventory.slots.delete.title', { name: slot.name }),
          content: t('inventory.slots.delete.text'),
          okText: t('inventory.slots.delete.ok'),
          okButtonProps: { danger: true },
          cancelText: t('inventory.slots.cancel'),
          onOk: async () => {
            try {
              await remove.mutateAsync({ id: slot.id, version: slot.version });
              showToast('success', t('inventory.slots.done.deleted', { name: slot.name }));
              onDeleted(slot.id);
            } catch (cause) {
              failed(cause);
            }
          },
        });
    },
    [canWrite, confirm, failed, onDeleted, remove, t],
  );

  return useMemo(() => ({ actionsFor, removeFor, elements: confirmHolder }), [actionsFor, removeFor, confirmHolder]);
}
