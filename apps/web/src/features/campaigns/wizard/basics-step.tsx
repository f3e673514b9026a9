import { CAMPAIGN_NAME_MAX, CAMPAIGN_OBJECTIVES, type CampaignObjective } from '@ads/contracts';
import { useTranslation } from '../../../shared/i18n/translate';
import { fieldId } from './form-model';
import { Field, useWizard } from './wizard-context';
import { RadioGroup } from '../../../shared/ui/radio-group';
import { TextInput } from '../../../shared/ui/text-input';

// The wizard's first view: plain controls only, so that opening the wizard loads no antd.
export function BasicsStep() {
  const { t } = useTranslation();
  const { form, patch, live } = useWizard();
  return (
    <div className="wizard-step">
      <Field path="name" label={t('campaigns.wizard.basics.name')}>
        <TextInput
          id={fieldId('name')}
          value={form.name}
          maxLength={CAMPAIGN_NAME_MAX}
          placeholder={t('campaigns.wizard.basics.namePlaceholder')}
          onChange={(event) => patch({ name: event.target.value }, ['name'])}
        />
      </Field>
      <Field path="objective" label={t('campaigns.wizard.basics.objective')} help={live ? t('campaigns.wizard.live.objectiveFixed') : undefined}>
        <RadioGroup<CampaignObjective>
          id={fieldId('objective')}
          className="wizard-objectives"
          variant="card"
          disabled={live !== undefined}
          value={form.objective}
          onChange={(objective) => patch({ objective }, ['objective'])}
          options={CAMPAIGN_OBJECTIVES.map((objective) => ({
            value: objective,
            className: 'wizard-objective',
            label: (
              <>
                <strong>{t(`campaigns.wizard.basics.objectives.${objective}`)}</strong>
                <span className="wizard-muted">{t(`campaigns.wizard.basics.objectiveHints.${objective}`)}</span>
              </>
            ),
          }))}
        />
      </Field>
    </div>
  );
}
