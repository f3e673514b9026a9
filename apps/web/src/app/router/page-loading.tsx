import { useTranslation } from '../../shared/i18n/translate';
import { useLocation } from '../../shared/router/router';
import { normalizePath } from './decide-route';

/**
 * What a page shows while its chunks load on the first load: its heading (the page's own, `pages.<path>.title`,
 * where the page has one), so that the page names itself at once instead of leaving the content blank.
 */
export function PageLoading({ heading }: { heading: boolean }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const title = heading ? t(`pages.${normalizePath(pathname)}.title`, { defaultValue: '' }) : '';
  return <div className="page-loading" aria-busy="true">{title && <h1 className="page-title">{title}</h1>}</div>;
}
