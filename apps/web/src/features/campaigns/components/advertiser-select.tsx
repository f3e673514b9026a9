import { useTranslation } from '../../../shared/i18n/translate';
import { Select } from '../../../shared/ui/select';

// antd's searchable select: loaded with antd after the staff list's first view (advertiser-campaigns-page.tsx).

interface AdvertiserSelectProps {
  value: number | undefined;
  options: { value: number; label: string }[];
  onChange: (account: number | undefined) => void;
  /** What is typed: an account id offered as an option of its own. */
  onSearch: (text: string) => void;
}

/** Staff's advertiser filter: the advertisers seen so far, searched by name, or an account id typed. */
export default function AdvertiserSelect({ value, options, onChange, onSearch }: AdvertiserSelectProps) {
  const { t } = useTranslation();
  return (
    <Select<number>
      className="campaign-filter"
      allowClear
      showSearch={{
        filterOption: (input, option) => String(option?.label ?? '').toLowerCase().includes(input.toLowerCase()),
      }}
      aria-label={t('campaigns.review.advertiser')}
      placeholder={t('campaigns.review.anyAdvertiser')}
      value={value}
      onChange={onChange}
      onSearch={onSearch}
      options={options}
    />
  );
}
