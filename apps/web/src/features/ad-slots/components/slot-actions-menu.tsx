import type { AdSlot } from '@ads/contracts';
import { useTranslation } from '../../../shared/i18n/translate';
import { RowActionsMenu } from '../../../shared/list/row-actions-menu';
import type { SlotActions } from './use-slot-actions';

/** A slot's "…" menu, in its row or in its drawer's header (where "View details" is left out). */
export function SlotActionsMenu({ slot, actions, inDrawer = false }: { slot: AdSlot; actions: SlotActions; inDrawer?: boolean }) {
  const { t } = useTranslation();
  const list = actions.actionsFor(slot).filter((action) => !inDrawer || action.key !== 'open');
  const remove = actions.removeFor(slot);
  if (!list.length && !remove) return null;
  return (
    <RowActionsMenu
      label={t('inventory.slots.actions.moreFor', { name: slot.name })}
      actions={list}
      remove={remove && { label: t('inventory.slots.actions.delete'), run: remove }}
    />
  );
}
