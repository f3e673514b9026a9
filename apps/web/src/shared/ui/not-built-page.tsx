import { useTranslation } from 'react-i18next';

/** The page every area shows until it is built: its title and what it will do. */
export function NotBuiltPage({ route }: { route: string }) {
  const { t } = useTranslation();
  const key = `pages.${route}`;
  return (
    <div className="not-built">
      <h1 className="page-title">{t(`${key}.title`)}</h1>
      <section className="not-built-panel" aria-labelledby="not-built-heading">
        <svg className="not-built-illustration" width="64" height="64" viewBox="0 0 56 56" fill="none" aria-hidden="true">
          <rect x="4" y="10" width="48" height="36" rx="6" fill="#e6f4ff" stroke="#0958d9" strokeWidth="2" />
          <path d="M4 18h48" stroke="#0958d9" strokeWidth="2" />
          <circle cx="11" cy="14" r="1.6" fill="#0958d9" />
          <circle cx="16" cy="14" r="1.6" fill="#0958d9" />
          <path d="M16 30h14M16 36h24" stroke="#0958d9" strokeWidth="2" strokeLinecap="round" />
          <path d="M38 26l4 4-4 4" stroke="#0958d9" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
        <div className="not-built-text">
          <span className="not-built-badge">{t('notBuilt.badge')}</span>
          <h2 id="not-built-heading" className="not-built-heading">
            {t('notBuilt.message')}
          </h2>
          <p className="not-built-description">{t(`${key}.description`)}</p>
        </div>
      </section>
    </div>
  );
}
