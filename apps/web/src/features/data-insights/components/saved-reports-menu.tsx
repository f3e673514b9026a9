import { SAVED_REPORT_NAME_MAX, SAVED_REPORTS_MAX, type ReportType, type SavedReport } from '@ads/contracts';
import { ClockCircleOutlined, DeleteOutlined, DownOutlined, EditOutlined } from '@ant-design/icons';
import { Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../../shared/i18n/translate';
import { useNavigate } from '../../../shared/router/router';
import { QueryView } from '../../../shared/list/query-view';
import { useConfirm } from '../../../shared/ui/confirm';
import { lazyNamed } from '../../../shared/ui/lazy-named';
import { showToast } from '../../../shared/ui/toast';
import { useDeleteSavedReport, useRenameSavedReport, useSavedReports } from '../api';
import { nameErrorText, savedErrorText, savedReportPath } from './saved-report-texts';
import { Button, IconButton } from '../../../shared/ui/button';
import { Popover } from '../../../shared/ui/popover';
import { Tag } from '../../../shared/ui/tag';

// The saved reports' list (antd's popover, buttons, tags, confirm): loaded when "Saved reports" is
// first pressed (saved-reports.tsx), open from the start, the focus on its button.

const NameDialog = lazyNamed(() => import('../../../shared/ui/name-dialog'), 'NameDialog');

/** The "Saved reports" button and its list. */
export default function SavedReportsMenu({
  type,
  platform,
  currentQuery,
  onSchedule,
}: {
  type: ReportType;
  platform: boolean;
  currentQuery: string;
  /** Shows the report's schedule and runs. */
  onSchedule: (id: number) => void;
}) {
  const { t } = useTranslation();
  // Mounted when the button is first pressed: the list opens at once, the focus on the button
  // (which replaced the plain one that was pressed).
  const [open, setOpen] = useState(true);
  const button = useRef<HTMLButtonElement>(null);
  useEffect(() => button.current?.focus(), []);
  const [renaming, setRenaming] = useState<SavedReport | null>(null);
  const navigate = useNavigate();
  const [confirm, confirmHolder] = useConfirm();
  const list = useSavedReports(platform ? 'all' : type, open);
  const rename = useRenameSavedReport();
  const remove = useDeleteSavedReport();
  const items = list.data?.items ?? [];

  const openReport = (report: SavedReport) => {
    setOpen(false);
    void navigate(savedReportPath(report, platform));
  };

  const askDelete = (report: SavedReport) => {
    // The dialog would count as a click outside the list: the list closes first.
    setOpen(false);
    confirm({
      title: t('dataInsights.saved.deleteTitle', { name: report.name }),
      content: t('dataInsights.saved.deleteText'),
      okText: t('dataInsights.saved.deleteOk'),
      okButtonProps: { danger: true },
      cancelText: t('dataInsights.saved.cancel'),
      onOk: async () => {
        try {
          await remove.mutateAsync(report.id);
          showToast('success', t('dataInsights.saved.deleted', { name: report.name }));
        } catch (error) {
          showToast('error', savedErrorText(t, error));
        }
      },
    });
  };

  // The list's loading, error and empty states as every list shows them.
  const body = () => (
    <QueryView
      query={list}
      errorText={() => t('dataInsights.saved.failed')}
      retryLabel={t('dataInsights.saved.retry')}
      empty={!items.length}
      emptyText={t('dataInsights.saved.empty')}
      emptyClassName="insight-saved-empty"
      skeletonRows={3}
    >
      {() => (
        <ul className="insight-saved-list">
          {items.map((report) => {
            const shown = report.type === type && report.query === currentQuery;
            return (
              <li key={report.id} className={shown ? 'is-shown' : undefined}>
                <Button type="link" className="insight-saved-open" aria-label={t('dataInsights.saved.open', { name: report.name })} aria-current={shown ? 'page' : undefined} onClick={() => openReport(report)}>
                  {report.name}
                </Button>
                {platform && <Tag className="insight-saved-type">{t(`dataInsights.types.${report.type}`)}</Tag>}
                {shown && <Tag color="blue">{t('dataInsights.saved.shown')}</Tag>}
                {report.schedule && <Tag color="green">{t(`dataInsights.schedule.frequencies.${report.schedule.frequency}`)}</Tag>}
                <span className="insight-saved-actions">
                  <IconButton
                    type="text"
                    size="small"
                    icon={<ClockCircleOutlined aria-hidden="true" />}
                    label={t('dataInsights.saved.schedule', { name: report.name })}
                    title={t('dataInsights.saved.schedule', { name: report.name })}
                    onClick={() => {
                      setOpen(false);
                      onSchedule(report.id);
                    }}
                  />
                  <IconButton
                    type="text"
                    size="small"
                    icon={<EditOutlined aria-hidden="true" />}
                    label={t('dataInsights.saved.rename', { name: report.name })}
                    title={t('dataInsights.saved.rename', { name: report.name })}
                    onClick={() => {
                      setOpen(false);
                      setRenaming(report);
                    }}
                  />
                  <IconButton
                    type="text"
                    size="small"
                    danger
                    icon={<DeleteOutlined aria-hidden="true" />}
                    label={t('dataInsights.saved.delete', { name: report.name })}
                    title={t('dataInsights.saved.delete', { name: report.name })}
                    onClick={() => askDelete(report)}
                  />
                </span>
              </li>
            );
          })}
        </ul>
      )}
    </QueryView>
  );

  return (
    <>
      <Popover
        trigger="click"
        placement="bottomRight"
        open={open}
        onOpenChange={setOpen}
        // Closed, the list leaves the page (antd's zero-runtime styles hide a kept one by a class).
        destroyOnHidden
        content={
          <div className="insight-saved" role="region" aria-labelledby="insight-saved-title">
            <div className="insight-saved-head">
              <h2 id="insight-saved-title">{t('dataInsights.saved.title')}</h2>
              {list.data && <span className="list-muted">{t('dataInsights.saved.usage', { used: list.data.total, max: SAVED_REPORTS_MAX })}</span>}
            </div>
            {body()}
          </div>
        }
      >
        <Button ref={button} aria-expanded={open}>
          {t('dataInsights.saved.button')}
          <DownOutlined aria-hidden="true" />
        </Button>
      </Popover>
      {confirmHolder}
      {renaming && (
        <Suspense fallback={null}>
          <NameDialog
            title={t('dataInsights.saved.renameTitle', { name: renaming.name })}
            label={t('dataInsights.saved.name')}
            okText={t('dataInsights.saved.saveOk')}
            cancelText={t('dataInsights.saved.cancel')}
            initialName={renaming.name}
            maxLength={SAVED_REPORT_NAME_MAX}
            messages={{ required: t('dataInsights.saved.nameRequired'), tooLong: t('dataInsights.saved.tooLong', { max: SAVED_REPORT_NAME_MAX }) }}
            onSave={async (name) => {
              const saved = await rename.mutateAsync({ id: renaming.id, version: renaming.version, name });
              showToast('success', t('dataInsights.saved.renamed', { name: saved.name }));
            }}
            errorText={(cause) => nameErrorText(t, cause)}
            onClose={() => setRenaming(null)}
          />
        </Suspense>
      )}
    </>
  );
}
