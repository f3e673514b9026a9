import { SAVED_REPORT_NAME_MAX, type ReportType } from '@ads/contracts';
import { DownOutlined, SaveOutlined } from '@ant-design/icons';
import { Suspense, useState } from 'react';
import { useTranslation } from '../../../shared/i18n/translate';
import { Button } from '../../../shared/ui/button';
import { showToast } from '../../../shared/ui/toast';
import { lazyWithAntd } from '../../../shared/ui/with-antd';
import { useSearchParams } from '../../../shared/router/router';
import { positiveInt } from '../../../shared/url-params';
import { useCreateSavedReport } from '../api';
import { savedQuery, useReportState } from './report-state';
import { nameErrorText, RUNS_PARAM } from './saved-report-texts';

// Its form (antd's form and input) loads with antd when a name is first asked for, and the list
// (antd's popover) when first opened: the bar itself is plain HTML, as the report's first view is.
const SavedReportsMenu = lazyWithAntd(() => import('./saved-reports-menu'));
const NameDialog = lazyWithAntd(() => import('../../../shared/ui/name-dialog').then((m) => ({ default: m.NameDialog })));
// A saved report's schedule and runs: the page's `?runs=<id>` (the list's "Schedule", the Action Center's link).
const ScheduleDrawer = lazyWithAntd(() => import('./schedule-drawer'));

/** The saved report whose schedule and runs are shown (`?runs=<id>`), and how to show or close them. */
export function useRunsParam() {
  const [params, setParams] = useSearchParams();
  const id = positiveInt(params.get(RUNS_PARAM));
  const show = (next: number | undefined) =>
    setParams((previous) => {
      if (next) previous.set(RUNS_PARAM, String(next));
      else previous.delete(RUNS_PARAM);
      return previous;
    });
  return [id, show] as const;
}

// Saved reports, in the report page's head: "Save report" keeps the settings shown (the page's URL
// query) under a name; "Saved reports" lists the user's own and opens one (the page goes to its
// URL), renames or deletes it. Staff's page lists both types.

export function SavedReportsBar({ type, platform = false }: { type: ReportType; platform?: boolean }) {
  const { t } = useTranslation();
  const [state] = useReportState();
  const [saving, setSaving] = useState(false);
  const [listShown, setListShown] = useState(false);
  const create = useCreateSavedReport();
  const [runsOf, showRuns] = useRunsParam();
  // Staff's account belongs to staff's page only; the others' pages ignore one in the URL.
  const query = savedQuery(platform ? state : { ...state, accountId: undefined });

  return (
    <div className="insight-saved-bar">
      {listShown ? (
        <Suspense fallback={<ListButton busy />}>
          <SavedReportsMenu type={type} platform={platform} currentQuery={query} onSchedule={showRuns} />
        </Suspense>
      ) : (
        <ListButton onClick={() => setListShown(true)} />
      )}
      <Button icon={<SaveOutlined aria-hidden="true" />} onClick={() => setSaving(true)}>
        {t('dataInsights.saved.save')}
      </Button>
      {runsOf && (
        <Suspense fallback={null}>
          <ScheduleDrawer id={runsOf} type={type} platform={platform} onClose={() => showRuns(undefined)} />
        </Suspense>
      )}
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

/** "Saved reports" until its list has loaded: pressed, it loads the list, which opens at once. */
function ListButton({ onClick, busy = false }: { onClick?: () => void; busy?: boolean }) {
  const { t } = useTranslation();
  return (
    <Button aria-expanded={false} aria-busy={busy || undefined} onClick={onClick}>
      {t('dataInsights.saved.button')}
      <DownOutlined aria-hidden="true" />
    </Button>
  );
}
