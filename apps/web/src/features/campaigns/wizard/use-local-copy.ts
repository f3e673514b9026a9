import { useEffect, useRef, useState } from 'react';
import type { WizardForm } from './form-model';
import { clearLocalCopy, localCopyKey, readLocalCopy, writeLocalCopy, type LocalCopy } from './local-copy';

export const serialize = (form: WizardForm): string => JSON.stringify(form);

interface Options {
  user: string;
  /** The campaign the wizard opened on: its copy is the one offered back. */
  openedId: number | undefined;
  /** The campaign the server holds now (none before the first save): the copy kept is its. */
  savedId: number | undefined;
  form: WizardForm;
  initial: WizardForm;
  /** The form differs from what the server holds. */
  dirty: boolean;
}

/** The wizard's local copy: an older one offered back on opening, the form's own kept while unsaved. */
export function useLocalCopy({ user, openedId, savedId, form, initial, dirty }: Options) {
  const key = localCopyKey(user, savedId);
  const [offer, setOffer] = useState<LocalCopy | null>(() => {
    const copy = readLocalCopy(localCopyKey(user, openedId));
    return copy && serialize(copy.form) !== serialize(initial) ? copy : null;
  });

  // The local copy follows the form while it differs from what the server holds (not while an
  // older copy waits for the user's answer).
  const copyTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => {
    if (!dirty || offer) return;
    const timer = setTimeout(() => writeLocalCopy(key, form), 300);
    copyTimer.current = timer;
    return () => clearTimeout(timer);
  }, [key, dirty, form, offer]);

  return {
    key,
    offer,
    dismissOffer: () => setOffer(null),
    discardOffer: () => {
      clearLocalCopy(localCopyKey(user, openedId));
      setOffer(null);
    },
    // Leaving without saving drops the copy, and the one still due: the wizard stays on screen
    // while the next page loads, and that copy would be offered back on the next visit.
    discard: () => {
      clearTimeout(copyTimer.current);
      clearLocalCopy(key);
    },
  };
}
