import { REPORT_TYPES, type ReportType } from '@ads/contracts';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ReportView } from '../components/report-view';
import { SavedReportsBar } from '../components/saved-reports';
import '../../../shared/ui/library-layout.css';
import '../../../shared/list/list-kit.css';
import '../messages/register';
import { SegmentedRadio } from '../../../shared/ui/plain-controls';

/** dataInsights (staff): either report type over every account. */
export default function PlatformInsightsPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const type: ReportType = params.get('type') === 'publisher' ? 'publisher' : 'advertiser';
  return (
    <div>
      <div className="library-head insight-head">
        <h1 className="page-title">{t('pages.dataInsights.title')}</h1>
        <SegmentedRadio<ReportType>
          label={t('dataInsights.type')}
          value={type}
          // Another type starts afresh: its dimensions, filters and accounts are its own.
          onChange={(next) => setParams(next === 'advertiser' ? {} : { type: next })}
          options={REPORT_TYPES.map((value) => ({ value, label: t(`dataInsights.types.${value}`) }))}
        />
        <SavedReportsBar type={type} platform />
      </div>
      <ReportView key={type} type={type} platform />
    </div>
  );
}
