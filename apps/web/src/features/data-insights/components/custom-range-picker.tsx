import dayjs from 'dayjs';
import { DatePicker } from '../../../shared/ui/date-picker';

/** A custom range's first and last days (YYYY-MM-DD); loaded by report-view.tsx only when the range is custom. */
export default function CustomRangePicker({ label, from, to, onChange }: { label: string; from: string; to: string; onChange: (from: string, to: string) => void }) {
  return (
    <DatePicker.RangePicker
      aria-label={label}
      value={[dayjs(from), dayjs(to)]}
      allowClear={false}
      onChange={(days) => days?.[0] && days[1] && onChange(days[0].format('YYYY-MM-DD'), days[1].format('YYYY-MM-DD'))}
    />
  );
}
