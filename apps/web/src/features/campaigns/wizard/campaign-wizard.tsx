import { DEFAULT_CURRENCY, type CampaignDetail, type CatalogueSlot } from '@ads/contracts';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { errorDetails, isApiError } from '../../../shared/api-client';
import { apiErrorText, formatDateTime } from '../../../shared/format';
import { currencyDigits, formatMoney } from '../../../shared/money';
import { useSession } from '../../../shared/session';
import { showToast } from '../../../shared/ui/toast';
import { useSaveDraft, useSubmitCampaign } from '../api';
import { AdsStep } from './ads-step';
import { BasicsStep } from './basics-step';
import { BudgetStep } from './budget-step';
import {
  draftProblems,
  emptyForm,
  fieldId,
  fromDetail,
  STEPS,
  stepOf,
  submitProblems,
  toDocument,
  withSavedIds,
  type AdForm,
  type AdGroupForm,
  type WizardForm,
} from './form-model';
import { LeavePrompt } from './leave-prompt';
import { clearLocalCopy, localCopyKey, readLocalCopy, writeLocalCopy, type LocalCopy } from './local-copy';
import { ReviewStep } from './review-step';
import { TargetingStep } from './targeting-step';
import { useLeaveGuard } from './use-leave-guard';
import { WizardContext, type WizardContextValue } from './wizard-context';
import { wizardKeyOf } from './wizard-key';
import { Button } from '../../../shared/ui/button';
import './wizard.css';
import { Space } from '../../../shared/ui/space';
import { Alert } from '../../../shared/ui/alert';
import { Form } from '../../../shared/ui/form';
import { Steps } from '../../../shared/ui/steps';
import { Tag } from '../../../shared/ui/tag';

const LIST_PATH = '/campaign/list';
const serialize = (form: WizardForm): string => JSON.stringify(form);
const cleared = (errors: Record<string, string>, paths: string[] | undefined): Record<string, string> => {
  if (!paths?.length || !Object.keys(errors).some((key) => paths.some((p) => key === p || key.startsWith(`${p}.`)))) return errors;
  return Object.fromEntries(Object.entries(errors).filter(([key]) => !paths.some((p) => key === p || key.startsWith(`${p}.`))));
};

type Banner = { kind: 'stale' } | { kind: 'state'; status: string } | { kind: 'failed'; text: string };

/**
 * The campaign wizard: five steps over one form, saved as a draft at any time and submitted from
 * any step. `detail` reopens a draft or rejected campaign.
 */
export function CampaignWizard({ detail }: { detail?: CampaignDetail }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const session = useSession();
  // The account's currency: the campaign's own when it has been stored, else the session's.
  const currency = detail?.currency || session?.userInfo.userBasicInfo.currency || DEFAULT_CURRENCY;
  const digits = currencyDigits(currency);
  const user = session?.userInfo.userBasicInfo.email ?? 'anonymous';

  const initial = useMemo(() => (detail ? fromDetail(detail, digits) : emptyForm()), [detail, digits]);
  const [form, setForm] = useState<WizardForm>(initial);
  const [baseline, setBaseline] = useState(() => serialize(initial));
  const [saved, setSaved] = useState<{ id: number; version: number } | null>(detail ? { id: detail.id, version: detail.version } : null);
  const [step, setStep] = useState(0);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [banner, setBanner] = useState<Banner | null>(null);
  const [busy, setBusy] = useState<'save' | 'submit' | null>(null);
  const [slots, setSlots] = useState<ReadonlyMap<number, CatalogueSlot>>(() => new Map());
  const copyKey = localCopyKey(user, saved?.id);
  const [offer, setOffer] = useState<LocalCopy | null>(() => {
    const copy = readLocalCopy(localCopyKey(user, detail?.id));
    return copy && serialize(copy.form) !== serialize(initial) ? copy : null;
  });
  const saveDraft = useSaveDraft();
  const submit = useSubmitCampaign();
  const dirty = serialize(form) !== baseline;
  const blocker = useLeaveGuard(dirty);
  const pendingFocus = useRef<string | null>(null);

  // The local copy follows the form while it differs from what the server holds (not while an
  // older copy waits for the user's answer).
  const copyTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => {
    if (!dirty || offer) return;
    const timer = setTimeout(() => writeLocalCopy(copyKey, form), 300);
    copyTimer.current = timer;
    return () => clearTimeout(timer);
  }, [copyKey, dirty, form, offer]);
  // Leaving without saving drops the copy, and the one still due: the wizard stays on screen
  // while the next page loads, and that copy would be offered back on the next visit.
  const discardLocalCopy = () => {
    clearTimeout(copyTimer.current);
    clearLocalCopy(copyKey);
  };

  useEffect(() => {
    const id = pendingFocus.current;
    if (!id) return;
    pendingFocus.current = null;
    const element = document.getElementById(id);
    element?.scrollIntoView?.({ block: 'center' });
    element?.focus();
  });

  const goTo = useCallback((path: string) => {
    setStep(stepOf(path));
    pendingFocus.current = fieldId(path);
  }, []);

  // A new map only when an answer brings a slot not seen (or changed): the picker learns every answer.
  const learnSlots = useCallback(
    (seen: readonly CatalogueSlot[]) =>
      setSlots((current) => (seen.every((slot) => current.get(slot.id) === slot) ? current : new Map([...current, ...seen.map((slot) => [slot.id, slot] as const)]))),
    [],
  );

  const bannerText = (shown: Banner): string =>
    shown.kind === 'stale'
      ? t('campaigns.wizard.status.stale')
      : shown.kind === 'state'
        ? t('campaigns.wizard.status.state', { status: t(`campaigns.wizard.statuses.${shown.status}`, { defaultValue: shown.status }) })
        : shown.text;

  const showProblems = (problems: Record<string, string>) => {
    setErrors(problems);
    const first = Object.keys(problems)[0];
    if (first !== undefined) goTo(first);
    showToast('error', t('campaigns.wizard.status.fixProblems'));
  };

  const handleError = (error: unknown) => {
    if (isApiError(error) && error.code === 'NAME_TAKEN') return showProblems({ name: 'campaigns.wizard.status.nameTaken' });
    if (isApiError(error) && error.fields && Object.keys(error.fields).length > 0) return showProblems(error.fields);
    let next: Banner;
    if (isApiError(error) && error.code === 'STALE_VERSION') next = { kind: 'stale' };
    else if (isApiError(error) && error.code === 'CAMPAIGN_STATE') next = { kind: 'state', status: errorDetails(error, 'CAMPAIGN_STATE')?.status ?? '' };
    else next = { kind: 'failed', text: t('campaigns.wizard.status.failed', { reason: apiErrorText(t, error, 'campaigns.wizard.errors') }) };
    setBanner(next);
    showToast('error', bannerText(next));
  };

  /** Saves whatever is filled; answers the stored campaign, or null (the error is shown). */
  const save = async ({ leaving = false } = {}): Promise<CampaignDetail | null> => {
    const problems = draftProblems(form, digits);
    if (Object.keys(problems).length > 0) {
      showProblems(problems);
      return null;
    }
    const sent = form;
    setBusy('save');
    try {
      const answer = await saveDraft.mutateAsync({ ...toDocument(sent, digits), ...(saved ? { id: saved.id, version: saved.version } : {}) });
      setSaved({ id: answer.id, version: answer.version });
      setForm((current) => withSavedIds(current, answer, sent));
      setBaseline(serialize(withSavedIds(sent, answer, sent)));
      setErrors({});
      setBanner(null);
      clearLocalCopy(copyKey);
      if (!saved && !leaving) {
        clearLocalCopy(localCopyKey(user, answer.id));
        // The address names the campaign from now on (a reload reopens it); the page keeps this wizard.
        void navigate({ search: `?id=${answer.id}` }, { replace: true, state: { wizardKey: wizardKeyOf(location) } });
      }
      return answer;
    } catch (error) {
      handleError(error);
      return null;
    } finally {
      setBusy(null);
    }
  };

  const saveAsDraft = async (leaving = false): Promise<boolean> => {
    const answer = await save({ leaving });
    if (answer) showToast('success', t('campaigns.wizard.status.saved'));
    return answer !== null;
  };

  const submitForReview = async () => {
    const problems = submitProblems(form, digits);
    if (Object.keys(problems).length > 0) {
      showProblems(problems);
      return;
    }
    const answer = await save();
    if (!answer) return;
    setBusy('submit');
    try {
      await submit.mutateAsync({ id: answer.id, version: answer.version });
      clearLocalCopy(localCopyKey(user, answer.id));
      showToast('success', t('campaigns.wizard.status.submitted'));
      void navigate(LIST_PATH);
    } catch (error) {
      handleError(error);
    } finally {
      setBusy(null);
    }
  };

  const next = () => {
    const problems = Object.fromEntries(Object.entries(submitProblems(form, digits)).filter(([path]) => stepOf(path) === step));
    if (Object.keys(problems).length > 0) {
      setErrors((current) => ({ ...current, ...problems }));
      pendingFocus.current = fieldId(Object.keys(problems)[0]!);
      return;
    }
    setStep(step + 1);
  };

  const context = useMemo<WizardContextValue>(
    () => ({
      form,
      patch: (change, clears) => {
        setForm((current) => ({ ...current, ...change }));
        setErrors((current) => cleared(current, clears));
      },
      patchGroup: (group, change, clears) => {
        setForm((current) => ({ ...current, adGroups: current.adGroups.map((g: AdGroupForm, i) => (i === group ? { ...g, ...change } : g)) }));
        setErrors((current) => cleared(current, clears));
      },
      patchAd: (group, ad, change, clears) => {
        setForm((current) => ({
          ...current,
          adGroups: current.adGroups.map((g: AdGroupForm, i) => (i === group ? { ...g, ads: g.ads.map((a: AdForm, j) => (j === ad ? { ...a, ...change } : a)) } : g)),
        }));
        setErrors((current) => cleared(current, clears));
      },
      errors,
      currency,
      digits,
      money: (minor) => formatMoney(minor, currency, i18n.language),
      goTo,
      slots,
      learnSlots,
    }),
    [form, errors, currency, digits, i18n.language, goTo, slots, learnSlots],
  );

  const problems = useMemo(() => submitProblems(form, digits), [form, digits]);
  // A step shows an error while its fields carry one; a step behind is ticked only when complete.
  const stepItems = STEPS.map((name, index) => {
    const has = (paths: string[]) => paths.some((path) => stepOf(path) === index);
    const status = has(Object.keys(errors)) ? 'error' : index < step ? (has(Object.keys(problems)) ? 'wait' : 'finish') : undefined;
    return { title: t(`campaigns.wizard.steps.${name}`), status: status as 'error' | 'wait' | 'finish' | undefined };
  });
  const rejectedReason = detail?.status === 'rejected' ? (detail.reviewReason ?? '') : null;

  return (
    <WizardContext.Provider value={context}>
      <div className="campaign-wizard">
        <header className="wizard-header">
          <h1 className="page-title">{t(saved ? 'campaigns.wizard.titleEdit' : 'campaigns.wizard.title')}</h1>
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
                <Button
                  size="small"
                  type="primary"
                  onClick={() => {
                    setForm(offer.form);
                    setErrors({});
                    setOffer(null);
                  }}
                >
                  {t('campaigns.wizard.localCopy.restore')}
                </Button>
                <Button
                  size="small"
                  onClick={() => {
                    clearLocalCopy(localCopyKey(user, detail?.id));
                    setOffer(null);
                  }}
                >
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
        {banner && (
          <Alert
            className="wizard-banner"
            type="error"
            showIcon
            role="alert"
            title={bannerText(banner)}
            action={
              banner.kind === 'stale' ? (
                <Button size="small" onClick={() => window.location.reload()}>
                  {t('campaigns.wizard.status.reload')}
                </Button>
              ) : banner.kind === 'state' ? (
                <Button size="small" onClick={() => void navigate(LIST_PATH)}>
                  {t('campaigns.wizard.load.backToList')}
                </Button>
              ) : undefined
            }
          />
        )}
        <div className="wizard-body">
          <Steps className="wizard-steps" size="small" current={step} items={stepItems} onChange={setStep} responsive={false} />
          <Form layout="vertical" component={false}>
            <section className="wizard-panel" aria-label={t(`campaigns.wizard.steps.${STEPS[step]}`)}>
              <h2 className="wizard-step-title">{t(`campaigns.wizard.steps.${STEPS[step]}`)}</h2>
              {step === 0 && <BasicsStep />}
              {step === 1 && <BudgetStep />}
              {step === 2 && <TargetingStep />}
              {step === 3 && <AdsStep />}
              {step === 4 && (
                <ReviewStep
                  problems={problems}
                  onEdit={setStep}
                  onProblem={(path) => {
                    // The field shows its problem where the link leads.
                    setErrors(problems);
                    goTo(path);
                  }}
                />
              )}
            </section>
          </Form>
          <footer className="wizard-footer">
            <Button onClick={() => void saveAsDraft()} loading={busy === 'save'} disabled={busy !== null && busy !== 'save'}>
              {t('campaigns.wizard.actions.saveDraft')}
            </Button>
            <span className="wizard-footer-gap" />
            {step > 0 && <Button onClick={() => setStep(step - 1)}>{t('campaigns.wizard.actions.back')}</Button>}
            {step < STEPS.length - 1 && (
              <Button type={step < STEPS.length - 1 ? 'primary' : 'default'} onClick={next}>
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
