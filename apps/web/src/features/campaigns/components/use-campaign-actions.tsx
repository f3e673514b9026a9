import { AuditOutlined, CopyOutlined, EditOutlined, EyeOutlined, PauseCircleOutlined, PlayCircleOutlined, SendOutlined } from '@ant-design/icons';
import { EDITABLE_CAMPAIGN_STATUSES, LIVE_CAMPAIGN_STATUSES, type CampaignSummary } from '@ads/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, type ReactNode } from 'react';
import { useTranslation } from '../../../shared/i18n/translate';
import { useNavigate } from '../../../shared/router/router';
import { isApiError } from '../../../shared/api-client';
import { useConfirm } from '../../../shared/ui/confirm';
import { showToast } from '../../../shared/ui/toast';
import { useCanReviewCampaigns, useCanWriteCampaigns, useDeleteCampaign, useDuplicateCampaign, usePauseCampaign, useResumeCampaign, useSubmitCampaign } from '../api';
import { campaignKeys } from '../query-keys';
import { errorText } from './format';

export interface CampaignAction {
  key: 'open' | 'edit' | 'submit' | 'duplicate' | 'pause' | 'resume';
  icon: ReactNode;
  label: string;
  run: () => void;
}

export interface CampaignActions {
  /** What the campaign's state and the user's powers allow, in menu order (delete apart). */
  actionsFor: (campaign: CampaignSummary) => CampaignAction[];
  /** Delete (drafts only, after a confirmation); undefined when not offered. */
  removeFor: (campaign: CampaignSummary) => (() => void) | undefined;
  /** The confirmation dialogs' holder. */
  elements: ReactNode;
}

/** Codes that mean the list on screen is out of date: say so and show the campaign as it is now. */
const OUT_OF_DATE = new Set(['STALE_VERSION', 'CAMPAIGN_STATE', 'NOT_FOUND']);

/**
 * The actions on one campaign, offered as the server's state machine allows them (edit and submit
 * for drafts and rejected ones, pause for scheduled and active, resume for paused, delete for
 * drafts) and only to those who may write. Terminating a campaign is a status request: the drawer's
 * requests part (features/requests, EntityStatusRequests).
 */
export function useCampaignActions({ open, onDeleted }: { open: (campaign: CampaignSummary) => void; onDeleted: (id: number) => void }): CampaignActions {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const canWrite = useCanWriteCampaigns();
  const canReview = useCanReviewCampaigns();
  const [confirm, confirmHolder] = useConfirm();
  const submit = useSubmitCampaign();
  const duplicate = useDuplicateCampaign();
  const pause = usePauseCampaign();
  const resume = useResumeCampaign();
  const remove = useDeleteCampaign();

  const edit = useCallback((campaign: CampaignSummary) => navigate(`/campaign/create?id=${campaign.id}`), [navigate]);

  const failed = useCallback(
    (cause: unknown) => {
      const code = isApiError(cause) ? cause.code : undefined;
      if (code && OUT_OF_DATE.has(code)) {
        showToast('error', t(`campaigns.list.outOfDate.${code}`));
        void queryClient.invalidateQueries({ queryKey: campaignKeys.all });
      } else showToast('error', errorText(t, cause));
    },
    [queryClient, t],
  );

  const runSubmit = useCallback(
    async (campaign: CampaignSummary) => {
      try {
        await submit.mutateAsync({ id: campaign.id, version: campaign.version });
        showToast('success', t('campaigns.list.done.submitted', { name: campaign.name }));
      } catch (cause) {
        const fields = isApiError(cause) && cause.code === 'VALIDATION_FAILED' ? cause.fields : undefined;
        if (!fields) return failed(cause);
        // What is missing, in the server's words, and the way to fill it in.
        void confirm({
          title: t('campaigns.list.incomplete.title', { name: campaign.name }),
          content: (
            <div>
              <p>{t('campaigns.list.incomplete.text')}</p>
              <ul className="campaign-missing">
                {[...new Set(Object.values(fields))].map((message) => (
                  <li key={message}>{message}</li>
                ))}
              </ul>
            </div>
          ),
          okText: t('campaigns.list.incomplete.openWizard'),
          cancelText: t('campaigns.list.cancel'),
          width: 520,
          onOk: () => edit(campaign),
        });
      }
    },
    [confirm, edit, failed, submit, t],
  );

  const runSimple = useCallback(
    async (call: () => Promise<unknown>, done?: string) => {
      try {
        await call();
        if (done) showToast('success', done);
      } catch (cause) {
        failed(cause);
      }
    },
    [failed],
  );

  const actionsFor = useCallback(
    (campaign: CampaignSummary): CampaignAction[] => {
      const { id, version, name, status } = campaign;
      // Staff review a waiting campaign in its drawer.
      const reviewable = canReview && status === 'pending_review';
      const actions: CampaignAction[] = [
        { key: 'open', icon: reviewable ? <AuditOutlined /> : <EyeOutlined />, label: t(reviewable ? 'campaigns.list.actions.review' : 'campaigns.list.actions.open'), run: () => open(campaign) },
      ];
      if (!canWrite) return actions;
      if (EDITABLE_CAMPAIGN_STATUSES.includes(status)) {
        actions.push({ key: 'edit', icon: <EditOutlined />, label: t('campaigns.list.actions.edit'), run: () => edit(campaign) });
        actions.push({ key: 'submit', icon: <SendOutlined />, label: t('campaigns.list.actions.submit'), run: () => void runSubmit(campaign) });
      }
      // A live campaign's settings change at once (the wizard opens as its settings editor).
      if (LIVE_CAMPAIGN_STATUSES.includes(status))
        actions.push({ key: 'edit', icon: <EditOutlined />, label: t('campaigns.list.actions.editSettings'), run: () => edit(campaign) });
      if (status === 'scheduled' || status === 'active')
        actions.push({
          key: 'pause',
          icon: <PauseCircleOutlined />,
          label: t('campaigns.list.actions.pause'),
          run: () => void runSimple(() => pause.mutateAsync({ id, version }), t('campaigns.list.done.paused', { name })),
        });
      if (status === 'paused')
        actions.push({
          key: 'resume',
          icon: <PlayCircleOutlined />,
          label: t('campaigns.list.actions.resume'),
          run: () => void runSimple(() => resume.mutateAsync({ id, version }), t('campaigns.list.done.resumed', { name })),
        });
      actions.push({
        key: 'duplicate',
        icon: <CopyOutlined />,
        label: t('campaigns.list.actions.duplicate'),
        run: () =>
          void runSimple(async () => {
            const copy = await duplicate.mutateAsync({ id });
            showToast('success', t('campaigns.list.done.duplicated', { name: copy.name }));
          }),
      });
      return actions;
    },
    [canReview, canWrite, duplicate, edit, open, pause, resume, runSimple, runSubmit, t],
  );

  const removeFor = useCallback(
    (campaign: CampaignSummary) => {
      if (!canWrite || campaign.status !== 'draft') return undefined;
      return () =>
        void confirm({
          title: t('campaigns.list.delete.title', { name: campaign.name }),
          content: t('campaigns.list.delete.text'),
          okText: t('campaigns.list.delete.ok'),
          okButtonProps: { danger: true },
          cancelText: t('campaigns.list.cancel'),
          onOk: async () => {
            try {
              await remove.mutateAsync({ id: campaign.id, version: campaign.version });
              showToast('success', t('campaigns.list.done.deleted', { name: campaign.name }));
              onDeleted(campaign.id);
            } catch (cause) {
              failed(cause);
            }
          },
        });
    },
    [canWrite, confirm, failed, onDeleted, remove, t],
  );

  return useMemo(() => ({ actionsFor, removeFor, elements: confirmHolder }), [actionsFor, removeFor, confirmHolder]);
}
