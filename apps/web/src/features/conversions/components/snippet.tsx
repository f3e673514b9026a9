import { CopyOutlined } from '@ant-design/icons';
import { useTranslation } from '../../../shared/i18n/translate';
import { Button } from '../../../shared/ui/button';
import { showToast } from '../../../shared/ui/toast';
import { copyText } from './format';

/** Code to paste somewhere else, with its Copy button (named after the code's label for screen readers). */
export function Snippet({ code, label }: { code: string; label: string }) {
  const { t } = useTranslation();
  return (
    <div className="conversion-snippet">
      <pre tabIndex={0} aria-label={label}>
        <code>{code}</code>
      </pre>
      <Button size="small" icon={<CopyOutlined aria-hidden />} aria-label={`${t('conversions.copy')}: ${label}`} onClick={() => void copyText(t, code, showToast)}>
        {t('conversions.copy')}
      </Button>
    </div>
  );
}
