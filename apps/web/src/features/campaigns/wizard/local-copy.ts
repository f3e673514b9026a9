import type { WizardForm } from './form-model';

// An in-browser copy of the wizard's form (nothing typed is lost), so that a crash, a closed
// tab or an expired session does not lose it. One copy per user and campaign ("new" before the
// first save); offered back when the wizard opens, cleared once the server holds the work.

const PREFIX = 'campaignWizard';

export interface LocalCopy {
  savedAt: string;
  form: WizardForm;
}

export const localCopyKey = (user: string, campaignId: number | undefined): string => `${PREFIX}:${user}:${campaignId ?? 'new'}`;

export function readLocalCopy(key: string): LocalCopy | null {
  try {
    const raw = localStorage.getItem(key);
    if (!raw) return null;
    const copy = JSON.parse(raw) as Partial<LocalCopy>;
    return typeof copy.savedAt === 'string' && copy.form && Array.isArray(copy.form.adGroups) ? (copy as LocalCopy) : null;
  } catch {
    return null;
  }
}

export function writeLocalCopy(key: string, form: WizardForm, now = new Date()): void {
  try {
    localStorage.setItem(key, JSON.stringify({ savedAt: now.toISOString(), form } satisfies LocalCopy));
  } catch {
    // Storage full or refused (private mode): the copy is a safety net only.
  }
}

export function clearLocalCopy(key: string): void {
  try {
    localStorage.removeItem(key);
  } catch {
    // As above.
  }
}
