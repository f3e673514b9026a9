import { CheckCircleFilled, CloseCircleFilled } from '@ant-design/icons';
import { FIT_CHECKS, type SlotFit } from '@ads/contracts';
import { useTranslation } from '../../../shared/i18n/translate';
import { checkDetail, fixText } from './fit';
import { sizeText } from './format';
import { SlotPreview } from './slot-preview';
import { Tag } from '../../../shared/ui/tag';

/** One approved ad on one slot it may run on: the preview, and each check with what to fix. */
export function FitCard({ fit }: { fit: SlotFit }) {
  const { t, i18n } = useTranslation();
  const { ad, slot } = fit;
  const headingId = `fit-${ad.id}-${slot.id}`;
  const checks = FIT_CHECKS.flatMap((key) => fit.checks.filter((check) => check.key === key));
  return (
    <article className={`fit-card ${fit.fits ? 'is-fit' : 'is-misfit'}`} aria-labelledby={headingId}>
      <header className="fit-card-head">
        <div>
          <h3 id={headingId} className="fit-card-title">
            {ad.headline || t('brandSafety.common.untitledAd', { id: ad.id })}
          </h3>
          <div className="list-muted choice-small">{t('brandSafety.validation.campaign', { name: ad.campaign.name })}</div>
        </div>
        <Tag color={fit.fits ? 'success' : 'error'} className="review-tag">
          {t(fit.fits ? 'brandSafety.validation.fits' : 'brandSafety.validation.misfits')}
        </Tag>
      </header>
      <p className="fit-card-slot">
        <strong>{slot.name}</strong> · {slot.publisher.name} · {slot.propertyName} · {t(`brandSafety.format.${slot.format}`)} · {sizeText(slot)}
      </p>
      <div className="fit-card-body">
        <SlotPreview fit={fit} />
        <ul className="fit-checks" aria-label={t('brandSafety.validation.checks')}>
          {checks.map((check) => (
            <li key={check.key} className={`fit-check ${check.passed ? 'is-passed' : 'is-failed'}`}>
              {check.passed ? (
                <CheckCircleFilled role="img" aria-label={t('brandSafety.common.pass')} />
              ) : (
                <CloseCircleFilled role="img" aria-label={t('brandSafety.common.fail')} />
              )}
              <div>
                <div className="fit-check-name">{t(`brandSafety.fit.check.${check.key}`)}</div>
                <div className="list-muted choice-small">{checkDetail(t, fit, check.key, i18n.language)}</div>
                {!check.passed && <div className="fit-check-fix">{fixText(t, fit, check.key, i18n.language)}</div>}
              </div>
            </li>
          ))}
        </ul>
      </div>
    </article>
  );
}
