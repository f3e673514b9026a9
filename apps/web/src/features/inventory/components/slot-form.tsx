import { SaveOutlined, SendOutlined } from '@ant-design/icons';
import {
  adSlotFormSchema,
  AD_SLOT_FORMATS,
  AD_SLOT_POSITIONS,
  AD_SLOT_SIDE_MAX,
  DEFAULT_CURRENCY,
  FLOOR_CPM_MAX_MINOR,
  PLACEMENT_POLICIES,
  STANDARD_AD_SIZES,
  type AdSlot,
  type AdSlotDetail,
  type AdSlotStatus,
} from '@ads/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorDetails, isApiError } from '../../../shared/api-client';
import { currencyDigits, formatMoney } from '../../../shared/money';
import { useConfirm } from '../../../shared/ui/confirm';
import { showToast } from '../../../shared/ui/toast';
import { useSession } from '../../../shared/session';
import { useFetchAdSlot, useSaveAdSlot, useSubmitAdSlot } from '../api';
import { inventoryKeys } from '../query-keys';
import { errorText } from './format';
import { blankValues, codeFromName, CUSTOM_SIZE, fieldOfPath, fieldProblem, formOf, problemText, valuesOf, type SlotFormValues } from './form-model';
import { isEditable } from './use-slot-actions';
import { Button } from '../../../shared/ui/button';
import { Space } from '../../../shared/ui/space';
import { Alert } from '../../../shared/ui/alert';
import { Drawer } from '../../../shared/ui/drawer';
import { Form, type Rule } from '../../../shared/ui/form';
import { Input } from '../../../shared/ui/input';
import { InputNumber } from '../../../shared/ui/input-number';
import { Radio } from '../../../shared/ui/radio';
import { Select } from '../../../shared/ui/select';

interface SlotFormProps {
  open: boolean;
  /** The slot to edit; a new one when absent. */
  slot?: AdSlot;
  /** Closes the form (the owner then sets `open` false). */
  onClose: () => void;
  /** The closing animation has ended: the owner unmounts the form, so the next one starts blank. */
  afterClose: () => void;
  /** Saved (and, with "Save and submit", sent to review): the slot as the server has it now. */
  onSaved: (slot: AdSlotDetail) => void;
}

/** What went wrong that no field carries: a stale or locked slot, a failed submit, a lost connection. */
interface Problem {
  type: 'error' | 'warning';
  title: string;
  description?: string;
}

/**
 * The publisher's ad slot form: every field of the contract's form, "Save" (a draft, or the edit of a
 * draft or rejected slot) and "Save and submit". Nothing typed is lost when the server refuses: its
 * field messages land under their fields, and a slot changed meanwhile is said so above them.
 */
export function SlotForm({ open, slot, onClose, afterClose, onSaved }: SlotFormProps) {
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
  const problemRef = useRef<HTMLDivElement>(null);
  const platform = Form.useWatch('platform', form) ?? initialValues.platform;
  const size = Form.useWatch('size', form) ?? initialValues.size;

  useEffect(() => {
    if (problem) problemRef.current?.scrollIntoView?.({ block: 'nearest', behavior: 'smooth' });
  }, [problem]);

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
    void queryClient.invalidateQueries({ queryKey: inventoryKeys.slots });
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

  const site = platform === 'site';
  return (
    <Drawer
      open={open}
      onClose={cancel}
      size={560}
      title={slot ? t('inventory.slotForm.editTitle', { name: slot.name }) : t('inventory.slotForm.newTitle')}
      closable={{ 'aria-label': t('inventory.slots.close') }}
      className="slot-form-drawer"
      rootClassName="slot-panel-root"
      afterOpenChange={(visible) => !visible && afterClose()}
      mask={{ closable: false }}
      footer={
        <div className="slot-form-footer">
          <Button onClick={cancel} disabled={busy !== null}>
            {t('inventory.slots.cancel')}
          </Button>
          <Button icon={<SaveOutlined />} loading={busy === 'save'} disabled={locked || busy === 'submit'} onClick={() => void send(false)}>
            {t('inventory.slotForm.save')}
          </Button>
          <Button type="primary" icon={<SendOutlined />} loading={busy === 'submit'} disabled={locked || busy === 'save'} onClick={() => void send(true)}>
            {t('inventory.slotForm.saveAndSubmit')}
          </Button>
        </div>
      }
    >
      {confirmHolder}
      <div ref={problemRef}>
        {problem && <Alert className="slot-form-problem" type={problem.type} showIcon title={problem.title} description={problem.description} role="alert" />}
      </div>
      <Form<SlotFormValues> form={form} layout="vertical" name="slot-form" initialValues={initialValues} onValuesChange={onValuesChange} requiredMark={false} disabled={busy !== null}>
        <p className="list-muted slot-form-intro">{t('inventory.slotForm.intro')}</p>
        <h3 className="slot-form-section">{t('inventory.slotForm.sections.property')}</h3>
        <Form.Item name="platform" label={t('inventory.slotForm.platform')}>
          <Radio.Group
            optionType="button"
            buttonStyle="solid"
            options={(['site', 'app'] as const).map((value) => ({ value, label: t(`inventory.slotForm.platforms.${value}`) }))}
          />
        </Form.Item>
        <Form.Item name="propertyName" label={t(site ? 'inventory.slotForm.siteName' : 'inventory.slotForm.appName')} rules={[rule('propertyName')]}>
          <Input placeholder={t(site ? 'inventory.slotForm.siteNamePlaceholder' : 'inventory.slotForm.appNamePlaceholder')} autoComplete="off" />
        </Form.Item>
        <Form.Item
          name="propertyId"
          label={t(site ? 'inventory.slotForm.domain' : 'inventory.slotForm.bundleId')}
          extra={t(site ? 'inventory.slotForm.domainHelp' : 'inventory.slotForm.bundleIdHelp')}
          rules={[rule('propertyId')]}
          dependencies={['platform']}
        >
          <Input placeholder={site ? 'news.example.com' : 'com.example.news'} autoComplete="off" spellCheck={false} autoCapitalize="off" />
        </Form.Item>

        <h3 className="slot-form-section">{t('inventory.slotForm.sections.slot')}</h3>
        <Form.Item name="name" label={t('inventory.slotForm.name')} rules={[rule('name')]}>
          <Input placeholder={t('inventory.slotForm.namePlaceholder')} autoComplete="off" />
        </Form.Item>
        <Form.Item name="code" label={t('inventory.slotForm.code')} extra={t('inventory.slotForm.codeHelp')} rules={[rule('code')]}>
          <Input placeholder="home-top-banner" autoComplete="off" spellCheck={false} autoCapitalize="off" />
        </Form.Item>
        <Form.Item name="position" label={t('inventory.slotForm.position')} rules={[rule('position')]}>
          <Select
            placeholder={t('inventory.slotForm.positionPlaceholder')}
            options={AD_SLOT_POSITIONS.map((position) => ({ value: position, label: t(`inventory.slots.position.${position}`) }))}
          />
        </Form.Item>

        <h3 className="slot-form-section">{t('inventory.slotForm.sections.format')}</h3>
        <Form.Item name="format" label={t('inventory.slotForm.format')}>
          <Radio.Group optionType="button" buttonStyle="solid" options={AD_SLOT_FORMATS.map((value) => ({ value, label: t(`inventory.slots.format.${value}`) }))} />
        </Form.Item>
        <Form.Item name="size" label={t('inventory.slotForm.size')} rules={[rule('size')]} dependencies={['format']}>
          <Select
            placeholder={t('inventory.slotForm.sizePlaceholder')}
            // Eleven sizes: every one rendered, "Custom size…" last among them.
            virtual={false}
            options={[
              ...STANDARD_AD_SIZES.map((value) => ({ value, label: t('inventory.slotForm.standardSize', { size: value.replace('x', '×'), name: t(`inventory.slotForm.sizes.${value}`) }) })),
              { value: CUSTOM_SIZE, label: t('inventory.slotForm.customSize') },
            ]}
          />
        </Form.Item>
        {size === CUSTOM_SIZE && <CustomSize rule={rule} />}

        <h3 className="slot-form-section">{t('inventory.slotForm.sections.price')}</h3>
        <Form.Item
          name="floorCpm"
          label={t('inventory.slotForm.floor', { currency })}
          extra={t('inventory.slotForm.floorHelp', { max: money(FLOOR_CPM_MAX_MINOR) })}
          rules={[rule('floorCpm')]}
        >
          <InputNumber className="slot-form-number" min={0} step={1 / 10 ** digits} precision={digits} placeholder={(0).toFixed(digits)} />
        </Form.Item>
        <Form.Item name="placementPolicy" label={t('inventory.slotForm.policy')}>
          <Radio.Group className="slot-form-policy">
            {PLACEMENT_POLICIES.map((policy) => (
              <Radio key={policy} value={policy}>
                <span className="slot-form-policy-name">{t(`inventory.slots.policy.${policy}`)}</span>
                <span className="list-muted slot-form-policy-text">{t(`inventory.slotForm.policyText.${policy}`)}</span>
              </Radio>
            ))}
          </Radio.Group>
        </Form.Item>
      </Form>
    </Drawer>
  );
}

/** Width and height, typed, when no standard size fits. */
function CustomSize({ rule }: { rule: (field: keyof SlotFormValues) => Rule }) {
  const { t } = useTranslation();
  return (
    <Space className="slot-form-sides" align="start" wrap>
      {(['width', 'height'] as const).map((side) => (
        <Form.Item key={side} name={side} label={t(`inventory.slotForm.${side}`)} rules={[rule(side)]} dependencies={side === 'width' ? ['format'] : []}>
          <InputNumber className="slot-form-number" min={1} max={AD_SLOT_SIDE_MAX} precision={0} suffix="px" />
        </Form.Item>
      ))}
    </Space>
  );
}
