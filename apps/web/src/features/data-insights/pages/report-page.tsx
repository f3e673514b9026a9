import type { ReportType } from '@ads/contracts';
import { useParams } from '../../../shared/router/router';
import { useTranslation } from '../../../shared/i18n/translate';
import { ReportView } from '../components/report-view';
import { SavedReportsBar } from '../components/saved-reports';
import '../../../shared/ui/library-layout.css';
import '../../../shared/list/list-kit.css';
import '../messages/register';

/** dataInsights/:type; the route guard has already limited type to advertiser or publisher. */
export default function ReportPage() {
  const { type } = useParams();
  const { t } = useTranslation();
  const reportType: ReportType = type === 'publisher' ? 'publisher' : 'advertiser';
  return (
    <div>
      <div className="library-head insight-head">
        <h1 className="page-title">{t(`pages.dataInsights/${reportType}.title`)}</h1>
        <SavedReportsBar key={reportType} type={reportType} />
      </div>
      {/* Keyed by type: a report's settings and chart belong to its type. */}
      <ReportView key={reportType} type={reportType} />
    </div>
  );
}
