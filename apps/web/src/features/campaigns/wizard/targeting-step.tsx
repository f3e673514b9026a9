import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { AD_GROUP_NAME_MAX, DEVICES, MAX_AD_GROUPS, REGIONS } from '@ads/contracts';
import { useMemo } from 'react';
import { useTranslation } from '../../../shared/i18n/translate';
import { emptyAdGroup, fieldId } from './form-model';
import { Panel } from './panel';
import { SlotPicker } from './slot-picker';
import { Field, useWizard } from './wizard-context';
import { useRegionName } from '../../../shared/region-name';
import { Button } from '../../../shared/ui/button';
import { Space } from '../../../shared/ui/space';
import { Checkbox } from '../../../shared/ui/checkbox';
import { InputNumber } from '../../../shared/ui/input-number';
import { Radio } from '../../../shared/ui/radio';
import { Select } from '../../../shared/ui/select';
import { TextInput } from '../../../shared/ui/text-input';

export function TargetingStep() {
  const { t } = useTranslation();
  const { form, patch, patchGroup, currency, digits, live } = useWizard();
  const regionName = useRegionName();
  const regionOptions = useMemo(() => REGIONS.map((code) => ({ value: code, label: regionName(code) })), [regionName]);

  return (
    <div className="wizard-step">
      {form.adGroups.map((group, g) => {
        const path = `adGroups.${g}`;
        const title = t('campaigns.wizard.targeting.adGroup', { n: g + 1 });
        return (
          <Panel
            key={group.key}
            title={group.name || title}
            extra={
              form.adGroups.length > 1 && !live && (
                <Button type="text" danger icon={<DeleteOutlined />} onClick={() => patch({ adGroups: form.adGroups.filter((_, i) => i !== g) }, ['adGroups'])}>
                  {t('campaigns.wizard.targeting.remove')}
                </Button>
              )
            }
          >
            <Field path={`${path}.name`} label={t('campaigns.wizard.targeting.name')}>
              <TextInput id={fieldId(`${path}.name`)} value={group.name} maxLength={AD_GROUP_NAME_MAX} onChange={(event) => patchGroup(g, { name: event.target.value }, [`${path}.name`])} />
            </Field>
            <Field path={`${path}.regions`} label={t('campaigns.wizard.targeting.regions')}>
              <Select
                id={fieldId(`${path}.regions`)}
                mode="multiple"
                allowClear
                value={group.regions}
                options={regionOptions}
                optionFilterProp="label"
                placeholder={t('campaigns.wizard.targeting.regionsAll')}
                onChange={(regions) => patchGroup(g, { regions }, [`${path}.regions`])}
              />
            </Field>
            <Field path={`${path}.devices`} label={t('campaigns.wizard.targeting.devices')} help={group.devices.length === 0 ? t('campaigns.wizard.targeting.devicesAll') : undefined}>
              <div id={fieldId(`${path}.devices`)} tabIndex={-1}>
                <Checkbox.Group
                value={group.devices}
                options={DEVICES.map((device) => ({ value: device, label: t(`campaigns.wizard.targeting.deviceNames.${device}`) }))}
                onChange={(devices) => patchGroup(g, { devices }, [`${path}.devices`])}
                />
              </div>
            </Field>
            <Field path={`${path}.slotIds`} label={t('campaigns.wizard.targeting.slots')}>
              {/* The field's id, where its problems lead, is the picker's while it shows. */}
              <Radio.Group
                id={group.slotMode === 'chosen' ? undefined : fieldId(`${path}.slotIds`)}
                value={group.slotMode}
                onChange={(event) => patchGroup(g, { slotMode: event.target.value }, [`${path}.slotIds`])}
              >
                <Space orientation="vertical">
                  <Radio value="all">{t('campaigns.wizard.targeting.slotsAll')}</Radio>
                  <Radio value="chosen">{t('campaigns.wizard.targeting.slotsChosen')}</Radio>
                </Space>
              </Radio.Group>
              {group.slotMode === 'chosen' && (
                <div className="wizard-slots">
                  <SlotPicker id={fieldId(`${path}.slotIds`)} value={group.slotIds} onChange={(slotIds) => patchGroup(g, { slotIds }, [`${path}.slotIds`])} />
                </div>
              )}
            </Field>
            <Field path={`${path}.bidOverrideMinor`} label={t('campaigns.wizard.targeting.bidOverride', { currency })} help={t('campaigns.wizard.targeting.bidOverrideHint')}>
              <InputNumber
                id={fieldId(`${path}.bidOverrideMinor`)}
                className="wizard-number"
                min={0}
                step={1 / 10 ** digits}
                precision={digits}
                value={group.bidOverride}
                onChange={(bidOverride) => patchGroup(g, { bidOverride }, [`${path}.bidOverrideMinor`])}
              />
            </Field>
          </Panel>
        );
      })}
      {form.adGroups.length < MAX_AD_GROUPS && !live && (
        <Button icon={<PlusOutlined />} onClick={() => patch({ adGroups: [...form.adGroups, emptyAdGroup()] }, ['adGroups'])}>
          {t('campaigns.wizard.targeting.add')}
        </Button>
      )}
    </div>
  );
}
