import { CAMPAIGN_NAME_MAX, CAMPAIGN_OBJECTIVES } from '@ads/contracts';
import { useTranslation } from '../../../shared/i18n/translate';
import { fieldId } from './form-model';
import { Field, useWizard } from './wizard-context';
import { Input } from '../../../shared/ui/input';
import { Radio } from '../../../shared/ui/radio';

export function BasicsStep() {
  const { t } = useTranslation();
  const { form, patch, live } = useWizard();
  return (
    <div className="wizard-step">
      <Field path="name" label={t('campaigns.wizard.basics.name')}>
        <Input
          id={fieldId('name')}
          value={form.name}
          maxLength={CAMPAIGN_NAME_MAX}
          placeholder={t('campaigns.wizard.basics.namePlaceholder')}
          onChange={(event) => patch({ name: event.target.value }, ['name'])}
        />
      </Field>
      <Field path="objective" label={t('campaigns.wizard.basics.objective')} help={live ? t('campaigns.wizard.live.objectiveFixed') : undefined}>
        <Radio.Group
          id={fieldId('objective')}
          className="wizard-objectives"
          disabled={live !== undefined}
          value={form.objective}
          onChange={(event) => patch({ objective: event.target.value }, ['objective'])}
        >
          {CAMPAIGN_OBJECTIVES.map((objective) => (
            <Radio key={objective} value={objective} className="wizard-objective">
              <strong>{t(`campaigns.wizard.basics.objectives.${objective}`)}</strong>
              <span className="wizard-muted">{t(`campaigns.wizard.basics.objectiveHints.${objective}`)}</span>
            </Radio>
          ))}
        </Radio.Group>
      </Field>
    </div>
  );
}
