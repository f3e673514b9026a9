import { DeleteOutlined, MoreOutlined } from '@ant-design/icons';
import type { CampaignSummary } from '@ads/contracts';
import { useTranslation } from 'react-i18next';
import type { CampaignActions } from './use-campaign-actions';
import { IconButton } from '../../../shared/ui/button';
import { Dropdown } from '../../../shared/ui/dropdown';

// The list kit's RowActionsMenu always ends with Download (a file's link); a campaign has no file,
// so its menu is drawn the same way without it: its actions, then Delete after a divider.

/** A campaign row's "…" menu. */
export function CampaignActionsMenu({ campaign, actions, inDrawer = false }: { campaign: CampaignSummary; actions: CampaignActions; inDrawer?: boolean }) {
  const { t } = useTranslation();
  // The drawer is what "View details" opens.
  const list = actions.actionsFor(campaign).filter((action) => !inDrawer || action.key !== 'open');
  const remove = actions.removeFor(campaign);
  if (!list.length && !remove) return null;
  const runs = new Map<string, () => void>(list.map((action) => [action.key, action.run]));
  if (remove) runs.set('delete', remove);
  const items = [
    ...list.map(({ key, icon, label }) => ({ key, icon, label })),
    ...(remove ? [{ type: 'divider' as const }, { key: 'delete', icon: <DeleteOutlined />, danger: true, label: t('campaigns.list.actions.delete') }] : []),
  ];
  return (
    <Dropdown trigger={['click']} menu={{ items, onClick: ({ key }) => runs.get(key)?.() }}>
      <IconButton type="text" size="small" icon={<MoreOutlined />} label={t('campaigns.list.actions.moreFor', { name: campaign.name })} />
    </Dropdown>
  );
}
