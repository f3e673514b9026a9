import type { ReactNode } from 'react';
import { useTranslation } from '../../../shared/i18n/translate';
import { BrandMark } from '../../../shared/ui/brand-mark';
import { LanguageSwitch } from '../../../shared/ui/language-switch';

/** The sign-in page's frame, outside the shell: the language, the product's card, its heading. */
export function AuthScreen({ id, heading, children }: { id: string; heading: ReactNode; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className="login-screen">
      <header className="login-topbar">
        <LanguageSwitch />
      </header>
      <main className="login-main">
        <section className="login-card" aria-labelledby={`${id}-heading`}>
          <div className="login-brand">
            <BrandMark size={40} />
            <span className="login-product">{t('app.title')}</span>
          </div>
          <h1 id={`${id}-heading`} className="login-heading">
            {heading}
          </h1>
          {children}
        </section>
      </main>
      <footer className="login-footer">{t('login.footer')}</footer>
    </div>
  );
}
