import { CAMPAIGN_STATUSES, type CampaignStatus } from '@ads/contracts';
import { useTranslation } from 'react-i18next';
import { Select } from '../../../shared/ui/select';

// antd's multiple select (tags): loaded with antd after the list's first view (campaign-filters.tsx).

/** The statuses filter: several at once, none for any. */
export default function CampaignStatusSelect({ value, onChange }: { value: CampaignStatus[]; onChange: (statuses: CampaignStatus[]) => void }) {
  const { t } = useTranslation();
  return (
    <Select<CampaignStatus[]>
      mode="multiple"
      className="campaign-status-filter"
      allowClear
      maxTagCount="responsive"
      aria-label={t('campaigns.list.filters.status')}
      placeholder={t('campaigns.list.filters.anyStatus')}
      value={value}
      onChange={onChange}
      options={CAMPAIGN_STATUSES.map((status) => ({ value: status, label: t(`campaigns.common.status.${status}`) }))}
    />
  );
}
