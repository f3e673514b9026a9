import { SAVED_REPORT_NAME_MAX, SAVED_REPORTS_MAX, type ReportType, type SavedReport } from '@ads/contracts';
import { DeleteOutlined, DownOutlined, EditOutlined, ReloadOutlined, SaveOutlined } from '@ant-design/icons';
import { Alert, Button, Empty, Popover, Skeleton, Tag } from 'antd';
import type { TFunction } from 'i18next';
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { isApiError } from '../../../shared/api-client';
import { networkErrorText } from '../../../shared/format';
import { useConfirm } from '../../../shared/ui/dialogs';
import { showToast } from '../../../shared/ui/toast';
import { useCreateSavedReport, useDeleteSavedReport, useRenameSavedReport, useSavedReports } from '../api';
import { savedQuery, useReportState } from './report-state';
import { lazyNamed } from '../../../shared/ui/lazy-named';

// Its form (antd's form and input) loads when a name is first asked for, not with the report.
const NameDialog = lazyNamed(() => import('../../../shared/ui/name-dialog'), 'NameDialog');

// Saved reports, in the report page's head: "Save report" keeps the settings shown (the page's URL
// query) under a name; "Saved reports" lists the user's own and opens one (the page goes to its
// URL), renames or deletes it. Staff's page lists both types.

/** A failed change in the reader's language: the feature's sentence for the code, else the server's. */
const savedErrorText = (t: TFunction, error: unknown): string => {
  if (isApiError(error) && error.code === 'NETWORK_ERROR') return networkErrorText(t);
  if (isApiError(error))
    return t(`dataInsights.saved.errors.${error.code}`, { max: SAVED_REPORTS_MAX, defaultValue: error.detail || t('dataInsights.saved.errors.generic') });
  return t('dataInsights.saved.errors.generic');
};

/** A name problem the server found is shown under the field; the name's own sentence when the server gave one. */
const nameErrorText = (t: TFunction, error: unknown): string =>
  isApiError(error) && error.code === 'VALIDATION_FAILED' && error.fields?.name ? error.fields.name : savedErrorText(t, error);

/** Where a saved report opens: staff's page takes the type in its query, the others in the path. */
export const savedReportPath = (report: Pick<SavedReport, 'type' | 'query'>, platform: boolean): string => {
  if (!platform) return `/dataInsights/${report.type}${report.query ? `?${report.query}` : ''}`;
  const query = [report.type === 'publisher' ? 'type=publisher' : '', report.query].filter(Boolean).join('&');
  return `/dataInsights${query ? `?${query}` : ''}`;
};

export function SavedReportsBar({ type, platform = false }: { type: ReportType; platform?: boolean }) {
  const { t } = useTranslation();
  const [state] = useReportState();
  const [saving, setSaving] = useState(false);
  const create = useCreateSavedReport();
  // Staff's account belongs to staff's page only; the others' pages ignore one in the URL.
  const query = savedQuery(platform ? state : { ...state, accountId: undefined });

  return (
    <div className="insight-saved-bar">
      <SavedReportsMenu type={type} platform={platform} currentQuery={query} />
      <Button icon={<SaveOutlined aria-hidden="true" />} onClick={() => setSaving(true)}>
        {t('dataInsights.saved.save')}
      </Button>
      {saving && (
        <Suspense fallback={null}>
          <NameDialog
            title={t('dataInsights.saved.saveTitle')}
            label={t('dataInsights.saved.name')}
            okText={t('dataInsights.saved.saveOk')}
            cancelText={t('dataInsights.saved.cancel')}
            initialName=""
            maxLength={SAVED_REPORT_NAME_MAX}
            messages={{ required: t('dataInsights.saved.nameRequired'), tooLong: t('dataInsights.saved.tooLong', { max: SAVED_REPORT_NAME_MAX }) }}
            onSave={async (name) => {
              const saved = await create.mutateAsync({ type, name, query });
              showToast('success', t('dataInsights.saved.saved', { name: saved.name }));
            }}
            errorText={(cause) => nameErrorText(t, cause)}
            onClose={() => setSaving(false)}
          />
        </Suspense>
      )}
    </div>
  );
}

/** The "Saved reports" button and its list. */
function SavedReportsMenu({ type, platform, currentQuery }: { type: ReportType; platform: boolean; currentQuery: string }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
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

  const body = () => {
    if (list.isError)
      return (
        <Alert
          type="error"
          showIcon
          title={t('dataInsights.saved.failed')}
          action={
            <Button size="small" icon={<ReloadOutlined />} onClick={() => void list.refetch()}>
              {t('dataInsights.saved.retry')}
            </Button>
          }
        />
      );
    if (list.isPending) return <Skeleton active title={false} paragraph={{ rows: 3 }} />;
    if (!items.length) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('dataInsights.saved.empty')} />;
    return (
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
              <span className="insight-saved-actions">
                <Button
                  type="text"
                  size="small"
                  icon={<EditOutlined aria-hidden="true" />}
                  aria-label={t('dataInsights.saved.rename', { name: report.name })}
                  title={t('dataInsights.saved.rename', { name: report.name })}
                  onClick={() => {
                    setOpen(false);
                    setRenaming(report);
                  }}
                />
                <Button
                  type="text"
                  size="small"
                  danger
                  icon={<DeleteOutlined aria-hidden="true" />}
                  aria-label={t('dataInsights.saved.delete', { name: report.name })}
                  title={t('dataInsights.saved.delete', { name: report.name })}
                  onClick={() => askDelete(report)}
                />
              </span>
            </li>
          );
        })}
      </ul>
    );
  };

  return (
    <>
      <Popover
        trigger="click"
        placement="bottomRight"
        open={open}
        onOpenChange={setOpen}
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
        <Button aria-expanded={open}>
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
