import { adSlotFormSchema, DEFAULT_CURRENCY, FLOOR_CPM_MAX_MINOR, type AdSlot, type AdSlotDetail, type AdSlotStatus } from '@ads/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from '../../../shared/i18n/translate';
import { errorDetails, isApiError } from '../../../shared/api-client';
import { currencyDigits, formatMoney } from '../../../shared/money';
import { useConfirm } from '../../../shared/ui/confirm';
import { showToast } from '../../../shared/ui/toast';
import { useSession } from '../../../shared/session';
import { useFetchAdSlot, useSaveAdSlot, useSubmitAdSlot } from '../api';
import { adSlotKeys } from '../query-keys';
import { errorText } from './format';
import { blankValues, codeFromName, fieldOfPath, fieldProblem, formOf, problemText, valuesOf, type SlotFormValues } from './form-model';
import { isEditable } from './use-slot-actions';
import { Form, type Rule } from '../../../shared/ui/form';

interface Options {
  /** The slot to edit; a new one when absent. */
  slot?: AdSlot;
  onClose: () => void;
  onSaved: (slot: AdSlotDetail) => void;
}

/** What went wrong that no field carries: a stale or locked slot, a failed submit, a lost connection. */
interface Problem {
  type: 'error' | 'warning';
  title: string;
  description?: string;
}

/**
 * The ad slot form's data: its values and rules, Save and "Save and submit", and the server's
 * refusals placed under their fields or as a problem above them.
 */
export function useSlotForm({ slot, onClose, onSaved }: Options) {
  const { t, i18n } = useTranslation();
  const session = useSession();
  const queryClient = useQueryClient();
  const currency = slot?.currency ?? session?.userInfo.userBasicInfo.currency ?? DEFAULT_CURRENCY;
  const digits = currencyDigits(currency);
  const money = (minor: number) => formatMoney(minor, currency, i18n.language);
  const [form] = Form.useForm<SlotFormValues>();
  // Fixed at mount: the owner mounts a fresh form for each slot.
  const [initialValues] = useState(() => (slot ? valuesOf(slot, digits) : blankValues()));
  // The stored slot the next Save writes over (set after a first save, and after a stale one).
  const [base, setBase] = useState(slot ? { id: slot.id, version: slot.version } : undefined);
  const [problem, setProblem] = useState<Problem | null>(null);
  // The slot can no longer be edited (its state changed, or it is gone): Save would only fail again.
  const [locked, setLocked] = useState(false);
  const [busy, setBusy] = useState<'save' | 'submit' | null>(null);
  // A new slot's code follows its name until the publisher types one.
  const [codeTyped, setCodeTyped] = useState(!!slot);
  const [confirm, confirmHolder] = useConfirm();
  const save = useSaveAdSlot();
  const submit = useSubmitAdSlot();
  const fetchSlot = useFetchAdSlot();
  const platform = Form.useWatch('platform', form) ?? initialValues.platform;
  const size = Form.useWatch('size', form) ?? initialValues.size;

  const rule = (field: keyof SlotFormValues): Rule => ({
    validator: async () => {
      const text = fieldProblem(t, field, form.getFieldsValue(true) as SlotFormValues, { digits, money });
      if (text) throw new Error(text);
    },
  });

  const lockedOut = (status: AdSlotStatus | undefined) => {
    setLocked(true);
    setProblem({
      type: 'error',
      title: status ? t('inventory.slotForm.stateChanged.title', { status: t(`inventory.slots.status.${status}`) }) : t('inventory.slotForm.gone.title'),
      description: t('inventory.slotForm.stateChanged.text'),
    });
    void queryClient.invalidateQueries({ queryKey: adSlotKeys.slots });
  };

  /** Places the server's answer: fields under their fields, the rest above the form. */
  const saveFailed = async (cause: unknown, values: SlotFormValues) => {
    const code = isApiError(cause) ? cause.code : undefined;
    if (code === 'STALE_VERSION' && base) {
      try {
        const fresh = await fetchSlot(base.id);
        if (!isEditable(fresh.status)) return lockedOut(fresh.status);
        // Saving again writes the publisher's version over the one saved meanwhile.
        setBase({ id: fresh.id, version: fresh.version });
        return setProblem({ type: 'warning', title: t('inventory.slotForm.stale.title'), description: t('inventory.slotForm.stale.text') });
      } catch (reason) {
        return isApiError(reason) && reason.statusCode === 404 ? lockedOut(undefined) : setProblem({ type: 'error', title: t('inventory.slotForm.saveFailed'), description: errorText(t, reason) });
      }
    }
    if (code === 'AD_SLOT_STATE') return lockedOut(errorDetails(cause, 'AD_SLOT_STATE')?.status as AdSlotStatus | undefined);
    if (code === 'NOT_FOUND' && base) return lockedOut(undefined);
    const fields = isApiError(cause) ? cause.fields : undefined;
    const placed: { name: keyof SlotFormValues; errors: string[] }[] = [];
    const unplaced: string[] = [];
    for (const [path, message] of Object.entries(fields ?? {})) {
      const name = fieldOfPath(path, values);
      if (!name) unplaced.push(problemText(t, message, values.platform));
      else placed.push({ name, errors: [name === 'floorCpm' ? t('inventory.slotForm.problems.floorRange', { max: money(FLOOR_CPM_MAX_MINOR) }) : problemText(t, message, values.platform)] });
    }
    form.setFields(placed);
    if (placed.length) form.scrollToField(placed[0]!.name, { block: 'center' });
    if (!placed.length || unplaced.length)
      setProblem({ type: 'error', title: t('inventory.slotForm.saveFailed'), description: unplaced.length ? unplaced.join(' ') : errorText(t, cause) });
  };

  const send = async (andSubmit: boolean) => {
    if (locked || busy) return;
    try {
      await form.validateFields();
    } catch (invalid) {
      const first = (invalid as { errorFields?: { name: (string | number)[] }[] }).errorFields?.[0];
      if (first) form.scrollToField(first.name, { block: 'center', focus: true });
      return;
    }
    const values = form.getFieldsValue(true) as SlotFormValues;
    // The contract's own rules trim, normalise and lower-case what is sent.
    const parsed = adSlotFormSchema.safeParse(formOf(values, digits));
    if (!parsed.success) {
      form.setFields(parsed.error.issues.flatMap((issue) => {
        const name = fieldOfPath(issue.path.join('.'), values);
        return name ? [{ name, errors: [problemText(t, issue.message, values.platform)] }] : [];
      }));
      return;
    }
    setProblem(null);
    setBusy(andSubmit ? 'submit' : 'save');
    try {
      let saved: AdSlotDetail;
      try {
        saved = await save.mutateAsync(base ? { ...parsed.data, ...base } : parsed.data);
      } catch (cause) {
        await saveFailed(cause, values);
        return;
      }
      setBase({ id: saved.id, version: saved.version });
      if (!andSubmit) {
        showToast('success', t('inventory.slotForm.saved', { name: saved.name }));
        return onSaved(saved);
      }
      try {
        const sent = await submit.mutateAsync({ id: saved.id, version: saved.version });
        showToast('success', t('inventory.slots.done.submitted', { name: sent.name }));
        onSaved(sent);
      } catch (cause) {
        // Saved, not sent: the form stays, and the next try saves the same slot again.
        setProblem({ type: 'error', title: t('inventory.slotForm.submitFailed', { name: saved.name }), description: errorText(t, cause) });
      }
    } finally {
      setBusy(null);
    }
  };

  const cancel = () => {
    if (busy) return;
    if (!form.isFieldsTouched()) return onClose();
    void confirm({
      title: t('inventory.slotForm.discard.title'),
      content: t('inventory.slotForm.discard.text'),
      okText: t('inventory.slotForm.discard.ok'),
      okButtonProps: { danger: true },
      cancelText: t('inventory.slotForm.discard.keep'),
      onOk: onClose,
    });
  };

  const onValuesChange = (changed: Partial<SlotFormValues>) => {
    if ('code' in changed) setCodeTyped(true);
    if ('name' in changed && !codeTyped) {
      const code = codeFromName(changed.name ?? '');
      form.setFields([{ name: 'code', value: code, errors: [] }]);
    }
  };

  return {
    form,
    initialValues,
    currency,
    digits,
    money,
    rule,
    site: platform === 'site',
    size,
    problem,
    locked,
    busy,
    send,
    cancel,
    onValuesChange,
    confirmHolder,
  };
}
