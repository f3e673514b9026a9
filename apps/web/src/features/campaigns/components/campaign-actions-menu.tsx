import type { CampaignSummary } from '@ads/contracts';
import { useTranslation } from '../../../shared/i18n/translate';
import { RowActionsMenu } from '../../../shared/list/row-actions-menu';
import type { CampaignActions } from './use-campaign-actions';

/** A campaign row's "…" menu: plain until first pressed (the kit's RowActionsMenu loads the dropdown then). */
export function CampaignActionsMenu({ campaign, actions, inDrawer = false }: { campaign: CampaignSummary; actions: CampaignActions; inDrawer?: boolean }) {
  const { t } = useTranslation();
  // The drawer is what "View details" opens.
  const list = actions.actionsFor(campaign).filter((action) => !inDrawer || action.key !== 'open');
  const remove = actions.removeFor(campaign);
  if (!list.length && !remove) return null;
  return (
    <RowActionsMenu
      label={t('campaigns.list.actions.moreFor', { name: campaign.name })}
      actions={list}
      remove={remove && { label: t('campaigns.list.actions.delete'), run: remove }}
    />
  );
}
