import { REPORT_TYPES, type ReportType } from '@ads/contracts';
import { useTranslation } from '../../../shared/i18n/translate';
import { useSearchParams } from '../../../shared/router/router';
import { ReportView } from '../components/report-view';
import { reportState, switchedType } from '../components/report-state';
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
          // The period and what else both types have stay; the other type's accounts and records go.
          onChange={(next) => setParams(reportState.serialize(switchedType(reportState.parse(params), next)))}
          options={REPORT_TYPES.map((value) => ({ value, label: t(`dataInsights.types.${value}`) }))}
        />
        <SavedReportsBar type={type} platform />
      </div>
      <ReportView key={type} type={type} platform />
    </div>
  );
}
