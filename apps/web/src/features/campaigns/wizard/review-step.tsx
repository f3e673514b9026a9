import { useTranslation } from '../../../shared/i18n/translate';
import { ForecastPanel } from './forecast-panel';
import { STEPS, stepOf, type WizardForm } from './form-model';
import { problemText } from './problem-text';
import { useSlotChoicesLearned, useSlotLabel } from './slot-picker';
import { useRegionName } from '../../../shared/region-name';
import { Panel } from './panel';
import { useWizard } from './wizard-context';
import { Button } from '../../../shared/ui/button';
import { Alert } from '../../../shared/ui/alert';
import { Descriptions } from '../../../shared/ui/descriptions';

/** Where a document path's field is, for the list of problems ("Ads · Ad group 1 · Ad 2"). */
function useWhere() {
  const { t } = useTranslation();
  return (form: WizardForm, path: string): string => {
    const parts = path.split('.');
    const where = [t(`campaigns.wizard.review.where.${STEPS[stepOf(path)]}`)];
    if (parts[0] === 'adGroups' && parts[1] !== undefined) {
      const g = Number(parts[1]);
      where.push(form.adGroups[g]?.name || t('campaigns.wizard.targeting.adGroup', { n: g + 1 }));
      if (parts[2] === 'ads' && parts[3] !== undefined) where.push(t('campaigns.wizard.ads.ad', { n: Number(parts[3]) + 1 }));
    }
    return where.join(' · ');
  };
}

export function ReviewStep({ problems, onEdit, onProblem }: { problems: Record<string, string>; onEdit: (step: number) => void; onProblem: (path: string) => void }) {
  const { t, i18n } = useTranslation();
  const { form, money, digits, slots } = useWizard();
  const where = useWhere();
  const regionName = useRegionName();
  const slotLabel = useSlotLabel();
  // A reopened draft's slots are named once the catalogue answers (its first page, as the picker's).
  useSlotChoicesLearned('', form.adGroups.some((group) => group.slotMode === 'chosen' && group.slotIds.some((id) => !slots.has(id))));
  const notSet = <span className="wizard-muted">{t('campaigns.wizard.review.notSet')}</span>;
  const amount = (major: number | null) => (major === null ? notSet : money(Math.round(major * 10 ** digits)));
  const day = (value: string) => (value ? new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' }).format(new Date(`${value}T00:00:00`)) : null);
  const entries = Object.entries(problems);
  const edit = (step: number) => (
    <Button type="link" size="small" onClick={() => onEdit(step)}>
      {t('campaigns.wizard.review.edit')}
    </Button>
  );

  return (
    <div className="wizard-step wizard-review">
      <section aria-labelledby="wizard-problems-heading">
        <h3 id="wizard-problems-heading" className="wizard-section">
          {t('campaigns.wizard.review.problems')}
        </h3>
        {entries.length === 0 ? (
          <Alert type="success" showIcon title={t('campaigns.wizard.review.noProblems')} />
        ) : (
          <ul className="wizard-problems">
            {entries.map(([path, message]) => (
              <li key={path}>
                <Button type="link" className="wizard-problem-link" onClick={() => onProblem(path)}>
                  <span className="wizard-problem-where">{where(form, path)}</span>
                  <span>{problemText(t, message, money)}</span>
                </Button>
              </li>
            ))}
          </ul>
        )}
      </section>

      <ForecastPanel />

      <Panel title={t('campaigns.wizard.review.basics')} extra={edit(0)}>
        <Descriptions size="small" column={1}>
          <Descriptions.Item label={t('campaigns.wizard.basics.name')}>{form.name || notSet}</Descriptions.Item>
          <Descriptions.Item label={t('campaigns.wizard.basics.objective')}>
            {form.objective ? t(`campaigns.wizard.basics.objectives.${form.objective}`) : notSet}
          </Descriptions.Item>
        </Descriptions>
      </Panel>
      <Panel title={t('campaigns.wizard.review.budget')} extra={edit(1)}>
        <Descriptions size="small" column={{ xs: 1, md: 2 }}>
          <Descriptions.Item label={t('campaigns.wizard.review.dailyBudget')}>{amount(form.dailyBudget)}</Descriptions.Item>
          <Descriptions.Item label={t('campaigns.wizard.review.totalBudget')}>{amount(form.totalBudget)}</Descriptions.Item>
          <Descriptions.Item label={t('campaigns.wizard.budget.startDate')}>{day(form.startDate) ?? notSet}</Descriptions.Item>
          <Descriptions.Item label={t('campaigns.wizard.review.endDate')}>{day(form.endDate) ?? t('campaigns.wizard.review.noEnd')}</Descriptions.Item>
          <Descriptions.Item label={t('campaigns.wizard.budget.dayparting')}>
            {form.daypartMode === 'always' ? t('campaigns.wizard.review.allHours') : t('campaigns.wizard.review.hoursPerWeek', { count: form.dayparting.length })}
          </Descriptions.Item>
          <Descriptions.Item label={t('campaigns.wizard.budget.bidStrategy')}>
            {form.bidStrategy ? t(`campaigns.wizard.budget.strategies.${form.bidStrategy}`) : notSet}
          </Descriptions.Item>
          <Descriptions.Item label={t('campaigns.wizard.review.maxBid')}>{amount(form.maxBid)}</Descriptions.Item>
          <Descriptions.Item label={t('campaigns.wizard.review.frequencyCap')}>
            {form.frequencyCapOn && form.frequencyImpressions !== null
              ? t('campaigns.wizard.review.cap', { count: form.frequencyImpressions, period: t(`campaigns.wizard.budget.periods.${form.frequencyPeriod}`) })
              : t('campaigns.wizard.review.noCap')}
          </Descriptions.Item>
        </Descriptions>
      </Panel>
      {form.adGroups.map((group, g) => (
        <Panel key={group.key} title={group.name || t('campaigns.wizard.targeting.adGroup', { n: g + 1 })} extra={edit(2)}>
          <Descriptions size="small" column={{ xs: 1, md: 2 }}>
            <Descriptions.Item label={t('campaigns.wizard.targeting.regions')}>
              {group.regions.length ? group.regions.map(regionName).join(', ') : t('campaigns.wizard.review.everyRegion')}
            </Descriptions.Item>
            <Descriptions.Item label={t('campaigns.wizard.targeting.devices')}>
              {group.devices.length ? group.devices.map((device) => t(`campaigns.wizard.targeting.deviceNames.${device}`)).join(', ') : t('campaigns.wizard.review.everyDevice')}
            </Descriptions.Item>
            <Descriptions.Item label={t('campaigns.wizard.targeting.slots')}>
              {group.slotMode === 'all' ? (
                t('campaigns.wizard.review.slotsAll')
              ) : group.slotIds.length === 0 ? (
                notSet
              ) : (
                <ul className="wizard-review-slots">
                  {group.slotIds.map((id) => (
                    <li key={id}>{slotLabel(id)}</li>
                  ))}
                </ul>
              )}
            </Descriptions.Item>
            <Descriptions.Item label={t('campaigns.wizard.review.bidOverride')}>
              {group.bidOverride === null ? t('campaigns.wizard.review.notSet') : amount(group.bidOverride)}
            </Descriptions.Item>
          </Descriptions>
          <ul className="wizard-review-ads" aria-label={t('campaigns.wizard.review.adsCount', { count: group.ads.length })}>
            {group.ads.map((ad, a) => {
              const creative = ad.format === 'video' ? ad.video : ad.image;
              return (
                <li key={ad.key} className="wizard-review-ad">
                  {creative?.previewUrl ? <img className="wizard-review-thumb" src={creative.previewUrl} alt="" /> : <span className="wizard-review-thumb" />}
                  <span>
                    <strong>{ad.headline || t('campaigns.wizard.ads.ad', { n: a + 1 })}</strong>
                    <span className="wizard-muted"> {ad.landingUrl}</span>
                    {ad.rejection && <span className="wizard-rejection">{t('campaigns.wizard.ads.rejected', { reason: ad.rejection })}</span>}
                  </span>
                  <Button type="link" size="small" onClick={() => onEdit(3)}>
                    {t('campaigns.wizard.review.edit')}
                  </Button>
                </li>
              );
            })}
          </ul>
        </Panel>
      ))}
    </div>
  );
}
