import { forecastRequestSchema, type CampaignForecast, type ForecastRange, type ForecastRequest, type ForecastWarning } from '@ads/contracts';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from '../../../shared/i18n/translate';
import { useCampaignForecast } from '../api';
import { toDocument, type WizardForm } from './form-model';
import { Panel } from './panel';
import { useWizard } from './wizard-context';
import { Alert } from '../../../shared/ui/alert';

// What the campaign as the form holds it would get a day (the server's forecast: the eligible
// slots' requests over the last days, less what higher bids take, within the budget), asked
// FORECAST_DELAY_MS after the last change, once the budget and the bid are filled in.

export const FORECAST_DELAY_MS = 400;

/** What the server needs of the form, or undefined while the form cannot be forecast yet. */
export function forecastRequestOf(form: WizardForm, digits: number, campaignId?: number): ForecastRequest | undefined {
  const document = toDocument(form, digits);
  const request = {
    ...(campaignId ? { campaignId } : {}),
    dailyBudgetMinor: document.dailyBudgetMinor,
    totalBudgetMinor: document.totalBudgetMinor,
    startAt: document.startAt,
    endAt: document.endAt,
    dayparting: document.dayparting,
    bidStrategy: document.bidStrategy,
    maxBidMinor: document.maxBidMinor,
    frequencyCap: document.frequencyCap,
    // Only what decides where ads may show: a half-typed headline must not hold the forecast back.
    adGroups: (document.adGroups ?? []).map((group) => ({
      regions: group.regions,
      devices: group.devices,
      slotMode: group.slotMode,
      slotIds: group.slotIds,
      bidOverrideMinor: group.bidOverrideMinor,
      ads: (group.ads ?? []).map((ad) => ({ format: ad.format, imageId: ad.imageId, videoId: ad.videoId })),
    })),
  };
  return forecastRequestSchema.safeParse(request).success ? (request as ForecastRequest) : undefined;
}

/** `value`, once it has stayed the same (by its JSON) for `ms`. */
function useSettled<T>(value: T, ms: number): T {
  const key = JSON.stringify(value);
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
    // The key stands for the value: a new object with the same content does not restart the wait.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, ms]);
  return settled;
}

const SEVERE = new Set<ForecastWarning['code']>(['noEligibleSlot', 'bidBelowFloor', 'budgetTooLow']);

export function ForecastPanel() {
  const { t, i18n } = useTranslation();
  const { form, digits, money, live } = useWizard();
  const request = useMemo(() => forecastRequestOf(form, digits, live?.id), [form, digits, live?.id]);
  const settled = useSettled(request, FORECAST_DELAY_MS);
  const query = useCampaignForecast(settled);
  const number = (value: number, fraction = 0) => new Intl.NumberFormat(i18n.language, { maximumFractionDigits: fraction }).format(value);

  const body = (() => {
    if (!request) return <p className="wizard-muted">{t('campaigns.forecast.incomplete')}</p>;
    if (query.isError) return <Alert type="info" role="status" showIcon title={t('campaigns.forecast.failed')} />;
    if (!query.data) return <p className="wizard-muted">{t('campaigns.forecast.loading')}</p>;
    return <ForecastFigures forecast={query.data} capped={!!request.frequencyCap} number={number} money={money} />;
  })();

  return (
    <Panel title={t('campaigns.forecast.title')} label={t('campaigns.forecast.title')}>
      <div className="wizard-forecast" aria-busy={query.isFetching || request !== settled}>
        {body}
      </div>
    </Panel>
  );
}

function ForecastFigures({
  forecast,
  capped,
  number,
  money,
}: {
  forecast: CampaignForecast;
  capped: boolean;
  number: (value: number, fraction?: number) => string;
  money: (minor: number) => string;
}) {
  const { t } = useTranslation();
  const range = (r: ForecastRange, show: (value: number) => string) =>
    t('campaigns.forecast.range', { expected: show(r.expected), low: show(r.low), high: show(r.high), interpolation: { escapeValue: false } });
  const figures = [
    { key: 'impressions', label: t('campaigns.forecast.impressions'), value: range(forecast.impressions, (v) => number(v)) },
    { key: 'clicks', label: t('campaigns.forecast.clicks'), value: range(forecast.clicks, (v) => number(v, 1)) },
    { key: 'spend', label: t('campaigns.forecast.spend'), value: range(forecast.spendMinor, (v) => money(Math.round(v))) },
  ];
  // The flight's figures when an end date or the total budget bounds it (and it serves a day at all).
  const flight = forecast.flight && (forecast.flight.days ?? forecast.flight.fundedDays ?? 0) > 0 ? forecast.flight : null;
  const flightTitle = flight
    ? flight.days !== null
      ? t('campaigns.forecast.flight.dated', { count: flight.days })
      : t('campaigns.forecast.flight.funded', { count: flight.fundedDays ?? 0 })
    : '';
  const flightFigures = flight
    ? [
        { key: 'impressions', label: t('campaigns.forecast.flight.impressions'), value: range(flight.impressions, (v) => number(v)) },
        { key: 'clicks', label: t('campaigns.forecast.flight.clicks'), value: range(flight.clicks, (v) => number(v)) },
        { key: 'spend', label: t('campaigns.forecast.flight.spend'), value: range(flight.spendMinor, (v) => money(Math.round(v))) },
      ]
    : [];
  const warningText = (w: ForecastWarning) => {
    switch (w.code) {
      case 'bidBelowFloor':
        return w.minBidMinor === undefined ? t('campaigns.forecast.warnings.bidBelowFloorNoBid') : t('campaigns.forecast.warnings.bidBelowFloor', { minBid: money(w.minBidMinor) });
      case 'outbid':
        return t('campaigns.forecast.warnings.outbid', { minBid: money(w.minBidMinor ?? 0) });
      case 'budgetLimited':
        return t('campaigns.forecast.warnings.budgetLimited', { more: number(w.moreImpressions ?? 0), needed: money(w.budgetNeededMinor ?? 0) });
      case 'totalBudgetEndsEarly':
        return t('campaigns.forecast.warnings.totalBudgetEndsEarly', { count: w.fundedDays ?? 0 });
      default:
        return t(`campaigns.forecast.warnings.${w.code}`);
    }
  };
  return (
    <>
      <p className="wizard-muted wizard-forecast-intro">{t('campaigns.forecast.intro', { days: forecast.days })}</p>
      <FigureList figures={figures} />
      {flight && (
        <section className="wizard-forecast-flight" aria-label={flightTitle}>
          <h4>{flightTitle}</h4>
          <FigureList figures={flightFigures} prefix="flight-" />
        </section>
      )}
      <p className="wizard-muted wizard-forecast-note">
        {t('campaigns.forecast.slots', { eligible: number(forecast.eligibleSlots), requests: number(forecast.dailyRequests) })}
        <br />
        {t('campaigns.forecast.rangeHint', { days: forecast.days })}
        {capped && (
          <>
            <br />
            {t('campaigns.forecast.frequencyCap')}
          </>
        )}
      </p>
      {forecast.warnings.map((w) => (
        <Alert key={w.code} className="wizard-inline-alert" type={SEVERE.has(w.code) ? 'error' : 'warning'} role="status" showIcon title={warningText(w)} />
      ))}
    </>
  );
}

/** A forecast's figures side by side (`data-figure`: the key, after `prefix`). */
function FigureList({ figures, prefix = '' }: { figures: { key: string; label: string; value: string }[]; prefix?: string }) {
  return (
    <dl className="wizard-forecast-figures">
      {figures.map((f) => (
        <div key={f.key} className="wizard-forecast-figure" data-figure={`${prefix}${f.key}`}>
          <dt>{f.label}</dt>
          <dd>{f.value}</dd>
        </div>
      ))}
    </dl>
  );
}
