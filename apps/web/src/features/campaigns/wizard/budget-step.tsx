import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { BID_LIMITS, BID_STRATEGIES, FREQUENCY_CAP_MAX, FREQUENCY_PERIODS, type Daypart } from '@ads/contracts';
import { useTranslation } from '../../../shared/i18n/translate';
import { ForecastPanel } from './forecast-panel';
import { fieldId } from './form-model';
import { Field, useWizard } from './wizard-context';
import { Button, IconButton } from '../../../shared/ui/button';
import { Space } from '../../../shared/ui/space';
import { Checkbox } from '../../../shared/ui/checkbox';
import { InputNumber } from '../../../shared/ui/input-number';
import { Radio } from '../../../shared/ui/radio';
import { Select } from '../../../shared/ui/select';
import { TextInput } from '../../../shared/ui/text-input';

const DAYS = [1, 2, 3, 4, 5, 6, 0] as const; // Monday first.
const hours = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);
const hourLabel = (hour: number) => `${String(hour).padStart(2, '0')}:00`;

export function BudgetStep() {
  const { t } = useTranslation();
  const { form, patch, currency, digits, money, live } = useWizard();
  const startFixed = live !== undefined && live.status !== 'scheduled';
  const limits = form.bidStrategy ? BID_LIMITS[form.bidStrategy] : null;
  const step = 1 / 10 ** digits;

  const setParts = (dayparting: Daypart[]) => patch({ dayparting }, ['dayparting', ...form.dayparting.map((_, i) => `dayparting.${i}.toHour`)]);
  const changePart = (index: number, change: Partial<Daypart>) => setParts(form.dayparting.map((part, i) => (i === index ? { ...part, ...change } : part)));

  return (
    <div className="wizard-step">
      <h3 className="wizard-section">{t('campaigns.wizard.budget.budgetSection')}</h3>
      <div className="wizard-row">
        <Field path="dailyBudgetMinor" label={t('campaigns.wizard.budget.dailyBudget', { currency })}>
          <InputNumber
            id={fieldId('dailyBudgetMinor')}
            className="wizard-number"
            min={0}
            step={step}
            precision={digits}
            value={form.dailyBudget}
            onChange={(value) => patch({ dailyBudget: value }, ['dailyBudgetMinor'])}
          />
        </Field>
        <Field
          path="totalBudgetMinor"
          label={t('campaigns.wizard.budget.totalBudget', { currency })}
          help={live ? t('campaigns.wizard.live.spentSoFar', { spent: money(live.spentMinor) }) : undefined}
        >
          <InputNumber
            id={fieldId('totalBudgetMinor')}
            className="wizard-number"
            min={0}
            step={step}
            precision={digits}
            value={form.totalBudget}
            onChange={(value) => patch({ totalBudget: value }, ['totalBudgetMinor', 'dailyBudgetMinor'])}
          />
        </Field>
      </div>

      <h3 className="wizard-section">{t('campaigns.wizard.budget.scheduleSection')}</h3>
      <div className="wizard-row">
        <Field path="startAt" label={t('campaigns.wizard.budget.startDate')} help={startFixed ? t('campaigns.wizard.live.startFixed') : undefined}>
          <TextInput id={fieldId('startAt')} type="date" disabled={startFixed} value={form.startDate} onChange={(event) => patch({ startDate: event.target.value }, ['startAt', 'endAt'])} />
        </Field>
        <Field path="endAt" label={t('campaigns.wizard.budget.endDate')}>
          <TextInput id={fieldId('endAt')} type="date" value={form.endDate} min={form.startDate || undefined} onChange={(event) => patch({ endDate: event.target.value }, ['endAt'])} />
        </Field>
      </div>
      <Field path="dayparting" label={t('campaigns.wizard.budget.dayparting')}>
        <Radio.Group id={fieldId('dayparting')} value={form.daypartMode} onChange={(event) => patch({ daypartMode: event.target.value }, ['dayparting'])}>
          <Space orientation="vertical">
            <Radio value="always">{t('campaigns.wizard.budget.daypartAlways')}</Radio>
            <Radio value="chosen">{t('campaigns.wizard.budget.daypartChosen')}</Radio>
          </Space>
        </Radio.Group>
      </Field>
      {form.daypartMode === 'chosen' && (
        <div className="wizard-dayparts">
          {DAYS.map((day) => {
            const dayName = t(`campaigns.wizard.budget.days.${day}`);
            const parts = form.dayparting.map((part, index) => ({ part, index })).filter(({ part }) => part.day === day);
            return (
              <div key={day} className="wizard-daypart-day" role="group" aria-label={dayName}>
                <span className="wizard-daypart-name">{dayName}</span>
                <div className="wizard-daypart-ranges">
                  {parts.length === 0 && <span className="wizard-muted">{t('campaigns.wizard.budget.noHours')}</span>}
                  {parts.map(({ part, index }) => (
                    <Field key={index} path={`dayparting.${index}.toHour`} label={null} className="wizard-daypart-range">
                      <Space wrap>
                        <Select
                          aria-label={`${dayName} ${t('campaigns.wizard.budget.fromHour')}`}
                          value={part.fromHour}
                          options={hours(0, 23).map((hour) => ({ value: hour, label: hourLabel(hour) }))}
                          onChange={(fromHour) => changePart(index, { fromHour })}
                          className="wizard-hour"
                        />
                        <span>–</span>
                        <Select
                          aria-label={`${dayName} ${t('campaigns.wizard.budget.toHour')}`}
                          value={part.toHour}
                          options={hours(1, 24).map((hour) => ({ value: hour, label: hourLabel(hour) }))}
                          onChange={(toHour) => changePart(index, { toHour })}
                          className="wizard-hour"
                        />
                        <IconButton
                          type="text"
                          icon={<DeleteOutlined />}
                          label={`${dayName}: ${t('campaigns.wizard.budget.removeHours')}`}
                          onClick={() => setParts(form.dayparting.filter((_, i) => i !== index))}
                        />
                      </Space>
                    </Field>
                  ))}
                  <Button size="small" icon={<PlusOutlined />} onClick={() => setParts([...form.dayparting, { day, fromHour: 9, toHour: 17 }])} aria-label={`${dayName}: ${t('campaigns.wizard.budget.addHours')}`}>
                    {t('campaigns.wizard.budget.addHours')}
                  </Button>
                </div>
              </div>
            );
          })}
        </div>
      )}

      <h3 className="wizard-section">{t('campaigns.wizard.budget.biddingSection')}</h3>
      <Field path="bidStrategy" label={t('campaigns.wizard.budget.bidStrategy')}>
        <Radio.Group id={fieldId('bidStrategy')} value={form.bidStrategy} onChange={(event) => patch({ bidStrategy: event.target.value }, ['bidStrategy', 'maxBidMinor'])}>
          {BID_STRATEGIES.map((strategy) => (
            <Radio key={strategy} value={strategy}>
              {t(`campaigns.wizard.budget.strategies.${strategy}`)}
            </Radio>
          ))}
        </Radio.Group>
      </Field>
      <Field
        path="maxBidMinor"
        label={t('campaigns.wizard.budget.maxBid', { currency })}
        help={limits ? t('campaigns.wizard.budget.bidLimits', { min: money(limits.min), max: money(limits.max) }) : undefined}
      >
        <InputNumber
          id={fieldId('maxBidMinor')}
          className="wizard-number"
          min={0}
          step={step}
          precision={digits}
          value={form.maxBid}
          onChange={(value) => patch({ maxBid: value }, ['maxBidMinor'])}
        />
      </Field>
      <Field path="frequencyCap" label={null}>
        <Checkbox id={fieldId('frequencyCap')} checked={form.frequencyCapOn} onChange={(event) => patch({ frequencyCapOn: event.target.checked }, ['frequencyCap'])}>
          {t('campaigns.wizard.budget.frequencyCap')}
        </Checkbox>
        {form.frequencyCapOn && (
          <Space wrap className="wizard-frequency">
            <InputNumber
              aria-label={t('campaigns.wizard.budget.impressions')}
              min={1}
              max={FREQUENCY_CAP_MAX}
              precision={0}
              value={form.frequencyImpressions}
              onChange={(value) => patch({ frequencyImpressions: value }, ['frequencyCap'])}
            />
            <span>{t('campaigns.wizard.budget.period')}</span>
            <Select
              aria-label={t('campaigns.wizard.budget.period')}
              value={form.frequencyPeriod}
              options={FREQUENCY_PERIODS.map((period) => ({ value: period, label: t(`campaigns.wizard.budget.periods.${period}`) }))}
              onChange={(frequencyPeriod) => patch({ frequencyPeriod })}
              className="wizard-period"
            />
          </Space>
        )}
      </Field>
      <ForecastPanel />
    </div>
  );
}
