import { useTranslation } from '../i18n/translate';
import { LANGUAGES, setLanguage, useLocaleState, type Language } from '../i18n/i18n';

// Each language is named in itself, so a reader of either can find theirs. Plain buttons, not an
// antd control: this sits on the login page, which loads no antd.
const LANGUAGE_NAMES: Record<Language, string> = { 'en-US': 'English', 'zh-CN': '简体中文' };

export function LanguageSwitch() {
  const { t } = useTranslation();
  const { language } = useLocaleState();
  return (
    <div className="language-switch" role="group" aria-label={t('language.label')}>
      {LANGUAGES.map((value) => (
        <button
          key={value}
          type="button"
          lang={value}
          aria-pressed={value === language}
          onClick={() => void setLanguage(value)}
        >
          {LANGUAGE_NAMES[value]}
        </button>
      ))}
    </div>
  );
}
