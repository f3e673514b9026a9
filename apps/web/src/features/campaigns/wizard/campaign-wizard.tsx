import type { CampaignDetail } from '@ads/contracts';
import { Suspense } from 'react';
import { useTranslation } from '../../../shared/i18n/translate';
import { formatDateTime } from '../../../shared/format';
import { BasicsStep } from './basics-step';
import { STEPS, stepOf } from './form-model';
import { FailureBanner } from './failure-banner';
import { AdsStep, BudgetStep, LeavePrompt, OnShown, prefetchStep, ReviewStep, TargetingStep } from './lazy-parts';
import { bannerText } from './save-failure';
import { useCampaignWizard } from './use-campaign-wizard';
import { WizardContext } from './wizard-context';
import { Button } from '../../../shared/ui/button';
import './wizard.css';
import { Space } from '../../../shared/ui/space';
import { Alert } from '../../../shared/ui/alert';
import { Skeleton } from '../../../shared/ui/skeleton';
import { StepsBar, type StepStatus } from '../../../shared/ui/steps-bar';
import { Tag } from '../../../shared/ui/tag';

/**
 * The campaign wizard: five steps over one form, saved as a draft at any time and submitted from
 * any step. `detail` reopens a draft or rejected campaign. Its first view (Basics) is plain HTML;
 * the other steps load when first opened (lazy-parts.tsx).
 */
export function CampaignWizard({ detail }: { detail?: CampaignDetail }) {
  const { t, i18n } = useTranslation();
  const { context, step, setStep, next, problems, showProblem, stored, dirty, offer, restoreOffer, discardOffer, banner, backToList, busy, stepShown, saveAsDraft, submitForReview, blocker, discardLocalCopy } =
    useCampaignWizard(detail);
  const { errors } = context;

  // A step shows an error while its fields carry one; a step behind is ticked only when complete.
  const stepItems = STEPS.map((name, index) => {
    const has = (paths: string[]) => paths.some((path) => stepOf(path) === index);
    const status: StepStatus | undefined = has(Object.keys(errors)) ? 'error' : index < step ? (has(Object.keys(problems)) ? 'wait' : 'finish') : undefined;
    return { title: t(`campaigns.wizard.steps.${name}`), status };
  });
  const rejectedReason = detail?.status === 'rejected' ? (detail.reviewReason ?? '') : null;

  return (
    <WizardContext.Provider value={context}>
      <div className="campaign-wizard">
        <header className="wizard-header">
          <h1 className="page-title">{t(stored ? 'campaigns.wizard.titleEdit' : 'campaigns.wizard.title')}</h1>
          {dirty && <Tag color="warning">{t('campaigns.wizard.status.unsavedBadge')}</Tag>}
        </header>
        {offer && (
          <Alert
            className="wizard-banner"
            type="info"
            showIcon
            title={t('campaigns.wizard.localCopy.found', { when: formatDateTime(offer.savedAt, i18n.language) })}
            action={
              <Space>
                <Button size="small" type="primary" onClick={restoreOffer}>
                  {t('campaigns.wizard.localCopy.restore')}
                </Button>
                <Button size="small" onClick={discardOffer}>
                  {t('campaigns.wizard.localCopy.discard')}
                </Button>
              </Space>
            }
          />
        )}
        {rejectedReason !== null && (
          <Alert
            className="wizard-banner"
            type="error"
            showIcon
            title={rejectedReason ? t('campaigns.wizard.load.rejected', { reason: rejectedReason }) : t('campaigns.wizard.load.rejectedNoReason')}
          />
        )}
        {banner && <FailureBanner banner={banner} text={bannerText(t, banner)} onBack={backToList} />}
        <div className="wizard-body">
          <StepsBar
            className="wizard-steps"
            label={t('campaigns.wizard.stepsLabel')}
            statusLabels={{ finish: t('campaigns.wizard.stepState.finish'), error: t('campaigns.wizard.stepState.error') }}
            current={step}
            items={stepItems}
            onChange={setStep}
            onIntent={prefetchStep}
          />
          <section className="wizard-panel" aria-label={t(`campaigns.wizard.steps.${STEPS[step]}`)}>
            <h2 className="wizard-step-title">{t(`campaigns.wizard.steps.${STEPS[step]}`)}</h2>
            <Suspense
              fallback={
                <div aria-busy="true" aria-label={t('campaigns.wizard.load.step')}>
                  <Skeleton active paragraph={{ rows: 6 }} />
                </div>
              }
            >
              {step === 0 && <BasicsStep />}
              {step === 1 && <BudgetStep />}
              {step === 2 && <TargetingStep />}
              {step === 3 && <AdsStep />}
              {step === 4 && <ReviewStep problems={problems} onEdit={setStep} onProblem={showProblem} />}
              <OnShown key={step} onShown={stepShown} />
            </Suspense>
          </section>
          <footer className="wizard-footer">
            <Button onClick={() => void saveAsDraft()} loading={busy === 'save'} disabled={busy !== null && busy !== 'save'}>
              {t('campaigns.wizard.actions.saveDraft')}
            </Button>
            <span className="wizard-footer-gap" />
            {step > 0 && (
              <Button onClick={() => setStep(step - 1)} onPointerEnter={() => prefetchStep(step - 1)} onFocus={() => prefetchStep(step - 1)}>
                {t('campaigns.wizard.actions.back')}
              </Button>
            )}
            {step < STEPS.length - 1 && (
              <Button type="primary" onClick={next} onPointerEnter={() => prefetchStep(step + 1)} onFocus={() => prefetchStep(step + 1)}>
                {t('campaigns.wizard.actions.next')}
              </Button>
            )}
            {step === STEPS.length - 1 && (
              <Button type="primary" onClick={() => void submitForReview()} loading={busy === 'submit'} disabled={busy === 'save'}>
                {t('campaigns.wizard.actions.submit')}
              </Button>
            )}
          </footer>
        </div>
      </div>
      <LeavePrompt blocker={blocker} onSave={() => saveAsDraft(true)} onLeave={discardLocalCopy} />
    </WizardContext.Provider>
  );
}
