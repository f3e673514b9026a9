import { AD_SLOT_CHECKS, AD_REQUEST_PATH, adSlotTag, type AdSlot, type AdSlotCheck } from '@ads/contracts';
import { CheckCircleFilled, CloseCircleFilled, CopyOutlined, MinusCircleOutlined, PauseCircleOutlined, PlayCircleOutlined, SafetyCertificateOutlined } from '@ant-design/icons';
import { useTranslation } from '../../../shared/i18n/translate';
import { formatDateTime } from '../../../shared/format';
import { showToast } from '../../../shared/ui/toast';
import { usePauseAdSlot, useResumeAdSlot, useValidateAdSlot } from '../api';
import { errorText, sizeText } from './format';
import { AdSlotStatusTag } from './status-tag';
import { Button } from '../../../shared/ui/button';
import { Space } from '../../../shared/ui/space';

/** What a slot declares, in the words a check compares it with. */
const declared = (slot: AdSlot, key: AdSlotCheck['key']) => (key === 'sizeFormat' ? `${slot.width}x${slot.height} ${slot.format}` : slot.propertyId);

/** An app's SDK asks for ads itself: the address it calls, with the slot's values filled in. */
const appRequest = (origin: string, slot: AdSlot) =>
  `${origin}${AD_REQUEST_PATH}?slot=${slot.tagKey}&w=${slot.width}&h=${slot.height}&f=${slot.format}&app=${encodeURIComponent(slot.propertyId)}`;

/** One slot on the validation page: its tag to copy, its checks and what to fix, Validate now. */
export function SlotValidationCard({ slot }: { slot: AdSlot }) {
  const { t, i18n } = useTranslation();
  const validate = useValidateAdSlot();
  const pause = usePauseAdSlot();
  const resume = useResumeAdSlot();
  const tag = slot.platform === 'site' ? adSlotTag(window.location.origin, slot) : appRequest(window.location.origin, slot);
  const headingId = `slot-validation-${slot.id}`;
  const time = (iso: string) => formatDateTime(iso, i18n.language);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(tag);
      showToast('success', t('inventory.validation.copied'));
    } catch {
      showToast('error', t('inventory.validation.copyFailed'));
    }
  };

  const runValidation = async () => {
    try {
      const checked = await validate.mutateAsync({ id: slot.id, version: slot.version });
      const failed = (checked.checks ?? []).filter((c) => !c.passed).length;
      if (checked.status === 'live' && slot.status !== 'live') showToast('success', t('inventory.validation.wentLive', { name: slot.name }));
      else if (failed) showToast('warning', t('inventory.validation.stillFailing', { name: slot.name, count: failed }));
      else showToast('success', t('inventory.validation.passed', { name: slot.name }));
    } catch (error) {
      showToast('error', errorText(t, error));
    }
  };

  const move = async (to: 'pause' | 'resume') => {
    try {
      await (to === 'pause' ? pause : resume).mutateAsync({ id: slot.id, version: slot.version });
      showToast('success', t(`inventory.validation.${to === 'pause' ? 'paused' : 'resumed'}`, { name: slot.name }));
    } catch (error) {
      showToast('error', errorText(t, error));
    }
  };

  const checks = new Map((slot.checks ?? []).map((c) => [c.key, c]));
  return (
    <section className="slot-validation-card" aria-labelledby={headingId}>
      <header className="slot-validation-head">
        <div>
          <h2 id={headingId} className="slot-validation-name">
            {slot.name} <span className="slot-validation-code">{slot.code}</span>
          </h2>
          <div className="slot-validation-meta">
            {slot.propertyName} · {slot.propertyId} · {sizeText(slot)} · {t(`inventory.slots.format.${slot.format}`)}
          </div>
        </div>
        <Space wrap>
          <AdSlotStatusTag status={slot.status} />
          {slot.status === 'live' && slot.liveAt && <span className="slot-validation-meta">{t('inventory.validation.liveSince', { time: time(slot.liveAt) })}</span>}
        </Space>
      </header>

      <div className="slot-validation-body">
        <div className="slot-validation-tag">
          <h3>{t('inventory.validation.tag')}</h3>
          <p className="slot-validation-help">{t(slot.platform === 'site' ? 'inventory.validation.tagHelp' : 'inventory.validation.appTagHelp')}</p>
          <p className="slot-validation-help">
            {slot.tagSeenAt ? t('inventory.validation.lastRequest', { time: time(slot.tagSeenAt) }) : t('inventory.validation.noRequest')}
          </p>
          <pre className="slot-validation-snippet" tabIndex={0} aria-label={t('inventory.validation.tag')}>
            <code>{tag}</code>
          </pre>
          <Button icon={<CopyOutlined />} onClick={() => void copy()}>
            {t('inventory.validation.copy')}
          </Button>
        </div>

        <div className="slot-validation-checks">
          <h3>{t('inventory.validation.checks')}</h3>
          <p className="slot-validation-help">
            {slot.checkedAt ? t('inventory.validation.checkedAt', { time: time(slot.checkedAt) }) : t('inventory.validation.notChecked')}
          </p>
          <ul>
            {AD_SLOT_CHECKS.map((key) => {
              const check = checks.get(key);
              const value = check?.observed ? (key === 'tagSeen' ? time(check.observed) : check.observed) : null;
              return (
                <li key={key} className={`slot-check ${check ? (check.passed ? 'is-passed' : 'is-failed') : 'is-unknown'}`}>
                  {check ? (
                    check.passed ? (
                      <CheckCircleFilled role="img" aria-label={t('inventory.validation.pass')} />
                    ) : (
                      <CloseCircleFilled role="img" aria-label={t('inventory.validation.fail')} />
                    )
                  ) : (
                    <MinusCircleOutlined aria-hidden="true" />
                  )}
                  <div>
                    <div className="slot-check-name">{t(`inventory.validation.check.${key}`)}</div>
                    {check && (
                      <div className="slot-check-detail">
                        {value === null
                          ? t('inventory.validation.observed.none')
                          : t(`inventory.validation.observed.${key}`, { value, declared: declared(slot, key) })}
                      </div>
                    )}
                    {check && !check.passed && <div className="slot-check-fix">{t(`inventory.validation.fix.${key}`, { declared: slot.propertyId })}</div>}
                  </div>
                </li>
              );
            })}
          </ul>
          <Space wrap>
            <Button type="primary" icon={<SafetyCertificateOutlined />} loading={validate.isPending} onClick={() => void runValidation()}>
              {t('inventory.validation.validate')}
            </Button>
            {slot.status === 'live' && (
              <Button icon={<PauseCircleOutlined />} loading={pause.isPending} onClick={() => void move('pause')}>
                {t('inventory.validation.pause')}
              </Button>
            )}
            {slot.status === 'paused' && (
              <Button icon={<PlayCircleOutlined />} loading={resume.isPending} onClick={() => void move('resume')}>
                {t('inventory.validation.resume')}
              </Button>
            )}
          </Space>
        </div>
      </div>
    </section>
  );
}
