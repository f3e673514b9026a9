import { SaveOutlined, SendOutlined } from '@ant-design/icons';
import { AD_SLOT_FORMATS, AD_SLOT_POSITIONS, AD_SLOT_SIDE_MAX, FLOOR_CPM_MAX_MINOR, PLACEMENT_POLICIES, STANDARD_AD_SIZES, type AdSlot, type AdSlotDetail } from '@ads/contracts';
import { useEffect, useRef } from 'react';
import { useTranslation } from '../../../shared/i18n/translate';
import { CUSTOM_SIZE, type SlotFormValues } from './form-model';
import { useSlotForm } from './use-slot-form';
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

/**
 * The publisher's ad slot form: every field of the contract's form, "Save" (a draft, or the edit of a
 * draft or rejected slot) and "Save and submit". Nothing typed is lost when the server refuses: its
 * field messages land under their fields, and a slot changed meanwhile is said so above them.
 */
export function SlotForm({ open, slot, onClose, afterClose, onSaved }: SlotFormProps) {
  const { t } = useTranslation();
  const { form, initialValues, currency, digits, money, rule, site, size, problem, locked, busy, send, cancel, onValuesChange, confirmHolder } = useSlotForm({ slot, onClose, onSaved });
  const problemRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (problem) problemRef.current?.scrollIntoView?.({ block: 'nearest', behavior: 'smooth' });
  }, [problem]);

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
