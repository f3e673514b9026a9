import { useTranslation } from '../../../shared/i18n/translate';
import { Alert } from '../../../shared/ui/alert';
import { Button } from '../../../shared/ui/button';
import type { Banner } from './save-failure';

/** A save that failed as a whole: a stale version offers a reload, a changed state the way back. */
export function FailureBanner({ banner, text, onBack }: { banner: Banner; text: string; onBack: () => void }) {
  const { t } = useTranslation();
  return (
    <Alert
      className="wizard-banner"
      type="error"
      showIcon
      role="alert"
      title={text}
      action={
        banner.kind === 'stale' ? (
          <Button size="small" onClick={() => window.location.reload()}>
            {t('campaigns.wizard.status.reload')}
          </Button>
        ) : banner.kind === 'state' ? (
          <Button size="small" onClick={onBack}>
            {t('campaigns.wizard.load.backToList')}
          </Button>
        ) : undefined
      }
    />
  );
}
