import { useMemo, useState } from 'react';
import type { AdForm, AdGroupForm, WizardForm } from './form-model';
import type { WizardContextValue } from './wizard-context';

const cleared = (errors: Record<string, string>, paths: string[] | undefined): Record<string, string> => {
  if (!paths?.length || !Object.keys(errors).some((key) => paths.some((p) => key === p || key.startsWith(`${p}.`)))) return errors;
  return Object.fromEntries(Object.entries(errors).filter(([key]) => !paths.some((p) => key === p || key.startsWith(`${p}.`))));
};

/** The wizard's form and its field errors by document path: a change clears the errors of the paths it names. */
export function useWizardForm(initial: WizardForm) {
  const [form, setForm] = useState<WizardForm>(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const changes = useMemo<Pick<WizardContextValue, 'patch' | 'patchGroup' | 'patchAd'>>(
    () => ({
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
    }),
    [],
  );
  return { form, setForm, errors, setErrors, ...changes };
}
