import type { CampaignStatus, CatalogueSlot } from '@ads/contracts';
import { createContext, useContext, type ReactNode } from 'react';
import { useTranslation } from '../../../shared/i18n/translate';
import { fieldId, type AdForm, type AdGroupForm, type WizardForm } from './form-model';
import { problemText } from './problem-text';
import { FormField } from '../../../shared/ui/form-field';

// What every step reads and changes: the form, its field errors by document path, the
// account's currency and the ad slots seen so far.

export interface WizardContextValue {
  form: WizardForm;
  patch: (change: Partial<WizardForm>, clears?: string[]) => void;
  patchGroup: (group: number, change: Partial<AdGroupForm>, clears?: string[]) => void;
  patchAd: (group: number, ad: number, change: Partial<AdForm>, clears?: string[]) => void;
  errors: Record<string, string>;
  currency: string;
  digits: number;
  /** An amount in minor units, in the account's currency and the user's language. */
  money: (minor: number) => string;
  goTo: (path: string) => void;
  /**
   * The ad slots the catalogue has answered, by id: a chosen slot keeps its name when a new search
   * no longer lists it, and the review names it (the form holds only ids).
   */
  slots: ReadonlyMap<number, CatalogueSlot>;
  learnSlots: (slots: readonly CatalogueSlot[]) => void;
  /**
   * Set when the form edits a live campaign's settings (live-settings.tsx): its objective, its ad
   * groups' number and (once started) its start date stay; the total budget cannot go below `spentMinor`.
   */
  live?: { id: number; status: CampaignStatus; spentMinor: number };
}

export const WizardContext = createContext<WizardContextValue | null>(null);

export function useWizard(): WizardContextValue {
  const value = useContext(WizardContext);
  if (!value) throw new Error('useWizard outside the wizard');
  return value;
}

/** A labelled field whose error (by document path) shows under it in the user's language. */
export function Field({ path, label, help, children, className }: { path: string; label: ReactNode; help?: ReactNode; children: ReactNode; className?: string }) {
  const { t } = useTranslation();
  const { errors, money } = useWizard();
  const error = errors[path];
  return (
    <FormField
      className={className}
      label={label}
      htmlFor={fieldId(path)}
      help={help}
      error={error ? <span data-field-error={path}>{problemText(t, error, money)}</span> : undefined}
    >
      {children}
    </FormField>
  );
}
