import type { CampaignDetail, CampaignSettings, CatalogueSlot } from '@ads/contracts';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from '../../../shared/i18n/translate';
import { useNavigate } from '../../../shared/router/router';
import { currencyDigits, formatMoney } from '../../../shared/money';
import { Alert } from '../../../shared/ui/alert';
import { Button } from '../../../shared/ui/button';
import { Tag } from '../../../shared/ui/tag';
import { showToast } from '../../../shared/ui/toast';
import { useUpdateCampaignSettings } from '../api';
import { BasicsStep } from './basics-step';
import { BudgetStep } from './budget-step';
import { fieldId, fromDetail, submitProblems, toDocument, type WizardForm } from './form-model';
import { FailureBanner } from './failure-banner';
import { LeavePrompt } from './leave-prompt';
import { bannerText, failureOf, type Banner } from './save-failure';
import { TargetingStep } from './targeting-step';
import { serialize } from './use-local-copy';
import { useLeaveGuard } from './use-leave-guard';
import { useWizardForm } from './use-wizard-form';
import { WizardContext, type WizardContextValue } from './wizard-context';
import './wizard.css';

const LIST_PATH = '/campaign/list';
const CAMPAIGN_FIELDS = ['name', 'dailyBudgetMinor', 'totalBudgetMinor', 'startAt', 'endAt', 'dayparting', 'bidStrategy', 'maxBidMinor', 'frequencyCap'] as const;
const GROUP_FIELDS = ['name', 'regions', 'devices', 'slotMode', 'slotIds', 'bidOverrideMinor'] as const;
const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** What changed since the campaign was opened: only those fields are sent (the rest stays as stored). */
export function settingsChange(initial: WizardForm, form: WizardForm, digits: number): Omit<CampaignSettings, 'id' | 'version'> {
  const before = toDocument(initial, digits);
  const after = toDocument(form, digits);
  const change: Record<string, unknown> = {};
  for (const field of CAMPAIGN_FIELDS) if (!same(before[field], after[field])) change[field] = after[field];
  const adGroups = (after.adGroups ?? []).flatMap((group, i) => {
    const was = before.adGroups?.[i];
    const changed = GROUP_FIELDS.filter((field) => !same(was?.[field], group[field]));
    return changed.length && group.id ? [{ id: group.id, ...Object.fromEntries(changed.map((field) => [field, group[field]])) }] : [];
  });
  return { ...change, ...(adGroups.length ? { adGroups } : {}) } as Omit<CampaignSettings, 'id' | 'version'>;
}

/** Every problem the submission's rules find in the settings (not in the ads, which keep serving as approved). */
const settingsProblems = (form: WizardForm, digits: number) =>
  Object.fromEntries(Object.entries(submitProblems(form, digits)).filter(([path]) => !/^adGroups\.\d+\.ads(\.|$)/.test(path)));

/**
 * A live (scheduled, active or paused) campaign's settings, as Google Ads edits them: one form with
 * the wizard's fields, saved at once. The objective, the ad groups' number and (once started) the
 * start date stay; ads keep serving as approved.
 */
export function LiveSettings({ detail }: { detail: CampaignDetail }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const digits = currencyDigits(detail.currency);
  const [opened, setOpened] = useState(() => fromDetail(detail, digits));
  const { form, patch, patchGroup, patchAd, errors, setErrors } = useWizardForm(opened);
  const [version, setVersion] = useState(detail.version);
  const [spentMinor, setSpentMinor] = useState(detail.spentMinor);
  const [banner, setBanner] = useState<Banner | null>(null);
  const [slots, setSlots] = useState<ReadonlyMap<number, CatalogueSlot>>(() => new Map());
  const update = useUpdateCampaignSettings();
  const dirty = serialize(form) !== serialize(opened);
  const blocker = useLeaveGuard(dirty);

  const goTo = useCallback((path: string) => {
    requestAnimationFrame(() => {
      const element = document.getElementById(fieldId(path));
      element?.scrollIntoView?.({ block: 'center' });
      element?.focus();
    });
  }, []);
  const learnSlots = useCallback(
    (seen: readonly CatalogueSlot[]) =>
      setSlots((current) => (seen.every((slot) => current.get(slot.id) === slot) ? current : new Map([...current, ...seen.map((slot) => [slot.id, slot] as const)]))),
    [],
  );

  const context = useMemo<WizardContextValue>(
    () => ({
      form,
      patch,
      patchGroup,
      patchAd,
      errors,
      currency: detail.currency,
      digits,
      money: (minor) => formatMoney(minor, detail.currency, i18n.language),
      goTo,
      slots,
      learnSlots,
      live: { id: detail.id, status: detail.status, spentMinor },
    }),
    [form, patch, patchGroup, patchAd, errors, detail.currency, detail.id, detail.status, digits, i18n.language, goTo, slots, learnSlots, spentMinor],
  );

  const showProblems = (problems: Record<string, string>) => {
    setErrors(problems);
    const first = Object.keys(problems)[0];
    if (first !== undefined) goTo(first);
    showToast('error', t('campaigns.wizard.status.fixProblems'));
  };

  /** Saves what changed; answers whether the campaign now holds the form. */
  const save = async (): Promise<boolean> => {
    const problems = settingsProblems(form, digits);
    if (Object.keys(problems).length > 0) {
      showProblems(problems);
      return false;
    }
    const change = settingsChange(opened, form, digits);
    if (Object.keys(change).length === 0) {
      showToast('info', t('campaigns.wizard.live.nothingChanged'));
      return true;
    }
    try {
      const answer = await update.mutateAsync({ id: detail.id, version, ...change });
      setVersion(answer.version);
      setSpentMinor(answer.spentMinor);
      setOpened(form);
      setErrors({});
      setBanner(null);
      showToast('success', t('campaigns.wizard.live.saved'));
      return true;
    } catch (error) {
      const failure = failureOf(t, error);
      if ('problems' in failure) showProblems(failure.problems);
      else {
        setBanner(failure.banner);
        showToast('error', failureText(failure.banner));
      }
      return false;
    }
  };

  const status = t(`campaigns.wizard.statuses.${detail.status}`);
  // A live campaign has no copy in this browser: a stale save says to reload and type again.
  const failureText = (shown: Banner) => (shown.kind === 'stale' ? t('campaigns.wizard.live.stale') : bannerText(t, shown));
  return (
    <WizardContext.Provider value={context}>
      <div className="campaign-wizard campaign-live-settings">
        <header className="wizard-header">
          <h1 className="page-title">{t('campaigns.wizard.live.title')}</h1>
          {dirty && <Tag color="warning">{t('campaigns.wizard.status.unsavedBadge')}</Tag>}
        </header>
        <Alert className="wizard-banner" type="info" role="status" showIcon title={t('campaigns.wizard.live.notice', { status })} />
        {banner && <FailureBanner banner={banner} text={failureText(banner)} onBack={() => void navigate(LIST_PATH)} />}
        <div className="wizard-body">
          <section className="wizard-panel" aria-label={t('campaigns.wizard.steps.basics')}>
            <h2 className="wizard-step-title">{t('campaigns.wizard.steps.basics')}</h2>
            <BasicsStep />
          </section>
          <section className="wizard-panel" aria-label={t('campaigns.wizard.steps.budget')}>
            <h2 className="wizard-step-title">{t('campaigns.wizard.steps.budget')}</h2>
            <BudgetStep />
          </section>
          <section className="wizard-panel" aria-label={t('campaigns.wizard.steps.targeting')}>
            <h2 className="wizard-step-title">{t('campaigns.wizard.steps.targeting')}</h2>
            <TargetingStep />
            <p className="wizard-muted">{t('campaigns.wizard.live.adsNote')}</p>
          </section>
          <footer className="wizard-footer">
            <Button onClick={() => void navigate(LIST_PATH)}>{t('campaigns.wizard.live.cancel')}</Button>
            <span className="wizard-footer-gap" />
            <Button type="primary" onClick={() => void save()} loading={update.isPending}>
              {t('campaigns.wizard.live.save')}
            </Button>
          </footer>
        </div>
      </div>
      <LeavePrompt live blocker={blocker} onSave={save} onLeave={() => {}} />
    </WizardContext.Provider>
  );
}
