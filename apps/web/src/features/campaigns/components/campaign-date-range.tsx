import dayjs from 'dayjs';
import { useTranslation } from '../../../shared/i18n/translate';
import { DatePicker } from '../../../shared/ui/date-picker';

// antd's range picker: loaded with antd after the list's first view (campaign-filters.tsx).

/** The days a campaign runs on: either end may stay open. Dates as YYYY-MM-DD. */
export default function CampaignDateRange({ from, to, onChange }: { from?: string; to?: string; onChange: (from: string | undefined, to: string | undefined) => void }) {
  const { t } = useTranslation();
  return (
    <DatePicker.RangePicker
      className="campaign-date-filter"
      allowEmpty={[true, true]}
      aria-label={t('campaigns.list.filters.dates')}
      placeholder={[t('campaigns.list.filters.from'), t('campaigns.list.filters.to')]}
      value={[from ? dayjs(from) : null, to ? dayjs(to) : null]}
      onChange={(dates) => onChange(dates?.[0]?.format('YYYY-MM-DD') ?? undefined, dates?.[1]?.format('YYYY-MM-DD') ?? undefined)}
    />
  );
}
