import { DEFAULT_CURRENCY, type CampaignDetail, type CatalogueSlot } from '@ads/contracts';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from '../../../shared/i18n/translate';
import { useLocation, useNavigate } from '../../../shared/router/router';
import { currencyDigits, formatMoney } from '../../../shared/money';
import { useSession } from '../../../shared/session';
import { showToast } from '../../../shared/ui/toast';
import { useSaveDraft, useSubmitCampaign } from '../api';
import { draftProblems, emptyForm, fieldId, fromDetail, stepOf, submitProblems, toDocument, withSavedIds } from './form-model';
import { clearLocalCopy, localCopyKey } from './local-copy';
import { bannerText, failureOf, type Banner } from './save-failure';
import { serialize, useLocalCopy } from './use-local-copy';
import { useLeaveGuard } from './use-leave-guard';
import { useWizardForm } from './use-wizard-form';
import type { WizardContextValue } from './wizard-context';
import { wizardKeyOf } from './wizard-key';

const LIST_PATH = '/campaign/list';

/**
 * The campaign wizard's data: the form and its errors, the current step, saving as a draft and
 * submitting, the local copy and leaving with unsaved changes. `detail` reopens a draft or rejected campaign.
 */
export function useCampaignWizard(detail: CampaignDetail | undefined) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const session = useSession();
  // The account's currency: the campaign's own when it has been stored, else the session's.
  const currency = detail?.currency || session?.userInfo.userBasicInfo.currency || DEFAULT_CURRENCY;
  const digits = currencyDigits(currency);
  const user = session?.userInfo.userBasicInfo.email ?? 'anonymous';

  const initial = useMemo(() => (detail ? fromDetail(detail, digits) : emptyForm()), [detail, digits]);
  const { form, setForm, errors, setErrors, patch, patchGroup, patchAd } = useWizardForm(initial);
  const [baseline, setBaseline] = useState(() => serialize(initial));
  const [saved, setSaved] = useState<{ id: number; version: number } | null>(detail ? { id: detail.id, version: detail.version } : null);
  const [step, setStep] = useState(0);
  const [banner, setBanner] = useState<Banner | null>(null);
  const [busy, setBusy] = useState<'save' | 'submit' | null>(null);
  const [slots, setSlots] = useState<ReadonlyMap<number, CatalogueSlot>>(() => new Map());
  const saveDraft = useSaveDraft();
  const submit = useSubmitCampaign();
  const dirty = serialize(form) !== baseline;
  const blocker = useLeaveGuard(dirty);
  const localCopy = useLocalCopy({ user, openedId: detail?.id, savedId: saved?.id, form, initial, dirty });
  const pendingFocus = useRef<string | null>(null);

  // The field a problem leads to, once it is in the page. Its step may still be loading (a lazy
  // step): the field is then focused when the step shows (`stepShown`), or never if it has none.
  const focusPending = useCallback((stepShown = false) => {
    const id = pendingFocus.current;
    if (!id) return;
    const element = document.getElementById(id);
    if (!element && !stepShown) return;
    pendingFocus.current = null;
    element?.scrollIntoView?.({ block: 'center' });
    element?.focus();
  }, []);
  useEffect(() => focusPending());
  const stepShown = useCallback(() => focusPending(true), [focusPending]);

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

  const showProblems = (problems: Record<string, string>) => {
    setErrors(problems);
    const first = Object.keys(problems)[0];
    if (first !== undefined) goTo(first);
    showToast('error', t('campaigns.wizard.status.fixProblems'));
  };

  const handleError = (error: unknown) => {
    const failure = failureOf(t, error);
    if ('problems' in failure) return showProblems(failure.problems);
    setBanner(failure.banner);
    showToast('error', bannerText(t, failure.banner));
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
      clearLocalCopy(localCopy.key);
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
      patch,
      patchGroup,
      patchAd,
      errors,
      currency,
      digits,
      money: (minor) => formatMoney(minor, currency, i18n.language),
      goTo,
      slots,
      learnSlots,
    }),
    [form, patch, patchGroup, patchAd, errors, currency, digits, i18n.language, goTo, slots, learnSlots],
  );

  const problems = useMemo(() => submitProblems(form, digits), [form, digits]);

  return {
    context,
    step,
    setStep,
    next,
    /** Every problem Submit would name, for the review and the steps' marks. */
    problems,
    /** The review's link to a problem: the field shows it where the link leads. */
    showProblem: (path: string) => {
      setErrors(problems);
      goTo(path);
    },
    stored: saved !== null,
    dirty,
    offer: localCopy.offer,
    restoreOffer: () => {
      if (localCopy.offer) setForm(localCopy.offer.form);
      setErrors({});
      localCopy.dismissOffer();
    },
    discardOffer: localCopy.discardOffer,
    banner,
    backToList: () => void navigate(LIST_PATH),
    busy,
    /** For the step's Suspense: the step is in the page (the field a problem leads to can take the focus). */
    stepShown,
    saveAsDraft,
    submitForReview,
    blocker,
    discardLocalCopy: localCopy.discard,
  };
}
