import { AD_SLOT_STATUSES, type AdSlotStatus } from '@ads/contracts';
import { useTranslation } from 'react-i18next';
import { Select } from '../../../shared/ui/select';

/** The status filter (several at once, as tags): antd's select, loaded after the list's first view. */
export default function SlotStatusSelect({ value, onChange }: { value: AdSlotStatus[]; onChange: (statuses: AdSlotStatus[]) => void }) {
  const { t } = useTranslation();
  return (
    <Select<AdSlotStatus[]>
      mode="multiple"
      className="slot-status-filter"
      allowClear
      maxTagCount="responsive"
      aria-label={t('inventory.slots.filters.status')}
      placeholder={t('inventory.slots.filters.anyStatus')}
      value={value}
      onChange={onChange}
      options={AD_SLOT_STATUSES.map((status) => ({ value: status, label: t(`inventory.slots.status.${status}`) }))}
    />
  );
}
