import { formatBytes, type ReportScheduleFrequency, type ReportType, type SavedReport } from '@ads/contracts';
import { DownloadOutlined } from '@ant-design/icons';
import { useState } from 'react';
import { useTranslation } from '../../../shared/i18n/translate';
import { QueryView } from '../../../shared/list/query-view';
import { Button } from '../../../shared/ui/button';
import { Drawer } from '../../../shared/ui/drawer';
import { PlainSelect } from '../../../shared/ui/plain-controls';
import { showToast } from '../../../shared/ui/toast';
import { downloadRunCsv, useReportRuns, useSavedReports, useScheduleSavedReport } from '../api';
import { readerTimeZone } from './report-state';
import { savedErrorText } from './saved-report-texts';

// A saved report's schedule and its runs (antd's drawer): opened from the saved reports' list or by
// the Action Center's "scheduled report ready" (the page's `?runs=<saved report id>`). The schedule
// runs at an hour of a time zone — the reader's own by default, the one it was saved with after.

const FREQUENCIES = ['off', 'daily', 'weekly', 'monthly'] as const;
type Frequency = (typeof FREQUENCIES)[number];
const HOURS = Array.from({ length: 24 }, (_, hour) => String(hour));

/** An instant as the reader reads it, in a time zone. */
const formatIn = (iso: string, language: string, timeZone: string) =>
  new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short', timeZone }).format(new Date(iso));

export default function ScheduleDrawer({ id, type, platform, onClose }: { id: number; type: ReportType; platform: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const list = useSavedReports(platform ? 'all' : type);
  const report = list.data?.items.find((r) => r.id === id);
  return (
    <Drawer open title={report ? t('dataInsights.schedule.title', { name: report.name }) : t('dataInsights.schedule.titlePlain')} onClose={onClose} size={480}>
      <QueryView query={list} errorText={() => t('dataInsights.saved.failed')} retryLabel={t('dataInsights.saved.retry')} empty={!report} emptyText={t('dataInsights.schedule.gone')} skeletonRows={4}>
        {() =>
          report && (
            <div className="insight-schedule">
              <ScheduleForm key={report.version} report={report} />
              <Runs report={report} />
            </div>
          )
        }
      </QueryView>
    </Drawer>
  );
}

function ScheduleForm({ report }: { report: SavedReport }) {
  const { t, i18n } = useTranslation();
  const [frequency, setFrequency] = useState<Frequency>(report.schedule?.frequency ?? 'off');
  const [hour, setHour] = useState(String(report.schedule?.hour ?? 8));
  const timeZone = report.schedule?.timeZone ?? readerTimeZone();
  const schedule = useScheduleSavedReport();
  const changed = frequency !== (report.schedule?.frequency ?? 'off') || (frequency !== 'off' && (Number(hour) !== report.schedule?.hour || timeZone !== report.schedule.timeZone));

  const save = async () => {
    try {
      const saved = await schedule.mutateAsync({
        id: report.id,
        version: report.version,
        schedule: frequency === 'off' ? null : { frequency: frequency as ReportScheduleFrequency, hour: Number(hour), timeZone },
      });
      showToast('success', saved.schedule ? t('dataInsights.schedule.saved', { name: saved.name }) : t('dataInsights.schedule.stopped', { name: saved.name }));
    } catch (error) {
      showToast('error', savedErrorText(t, error));
    }
  };

  return (
    <section aria-labelledby="insight-schedule-title">
      <h3 id="insight-schedule-title">{t('dataInsights.schedule.heading')}</h3>
      <div className="insight-schedule-fields">
        <label>
          <span>{t('dataInsights.schedule.frequency')}</span>
          <PlainSelect
            label={t('dataInsights.schedule.frequency')}
            value={frequency}
            options={FREQUENCIES.map((value) => ({ value, label: t(`dataInsights.schedule.frequencies.${value}`) }))}
            onChange={setFrequency}
          />
        </label>
        {frequency !== 'off' && (
          <label>
            <span>{t('dataInsights.schedule.hour')}</span>
            <PlainSelect label={t('dataInsights.schedule.hour')} value={hour} options={HOURS.map((value) => ({ value, label: `${value.padStart(2, '0')}:00` }))} onChange={setHour} />
          </label>
        )}
      </div>
      {frequency !== 'off' && <p className="list-muted">{t('dataInsights.schedule.timeZone', { zone: timeZone })}</p>}
      <p>
        {report.schedule && report.nextRunAt
          ? t('dataInsights.schedule.next', { at: formatIn(report.nextRunAt, i18n.language, report.schedule.timeZone), zone: report.schedule.timeZone })
          : t('dataInsights.schedule.off')}
      </p>
      <Button type="primary" disabled={!changed} loading={schedule.isPending} onClick={() => void save()}>
        {t('dataInsights.schedule.save')}
      </Button>
    </section>
  );
}

function Runs({ report }: { report: SavedReport }) {
  const { t, i18n } = useTranslation();
  const runs = useReportRuns(report.id);
  const items = runs.data?.items ?? [];
  const download = async (run: (typeof items)[number]) => {
    try {
      await downloadRunCsv(run, report.type);
    } catch (error) {
      showToast('error', savedErrorText(t, error));
    }
  };
  return (
    <section aria-labelledby="insight-runs-title">
      <h3 id="insight-runs-title">{t('dataInsights.schedule.runs')}</h3>
      <QueryView query={runs} errorText={() => t('dataInsights.schedule.runsFailed')} retryLabel={t('dataInsights.saved.retry')} empty={!items.length} emptyText={t('dataInsights.schedule.noRuns')} skeletonRows={3}>
        {() => (
          <ul className="insight-runs">
            {items.map((run) => (
              <li key={run.id}>
                <span>
                  <strong>{t('dataInsights.schedule.days', { from: run.from, to: run.to })}</strong>
                  <span className="list-muted">
                    {t('dataInsights.schedule.runInfo', { at: formatIn(run.createdAt, i18n.language, run.timeZone), count: run.rows, size: formatBytes(run.bytes) })}
                    {run.truncated && ` ${t('dataInsights.schedule.truncated')}`}
                  </span>
                </span>
                <Button icon={<DownloadOutlined aria-hidden="true" />} aria-label={t('dataInsights.schedule.download', { from: run.from, to: run.to })} onClick={() => void download(run)}>
                  {t('dataInsights.schedule.downloadShort')}
                </Button>
              </li>
            ))}
          </ul>
        )}
      </QueryView>
      <p className="list-muted">{t('dataInsights.schedule.kept')}</p>
    </section>
  );
}
