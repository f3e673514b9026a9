import { useTranslation } from '../../shared/i18n/translate';
import { useLocation } from '../../shared/router/router';
import { normalizePath } from './decide-route';

/** Whether a page's heading is its menu's title: always, never, or depending on its query (an id opens an edit). */
export type PageHeading = boolean | ((search: URLSearchParams) => boolean);

/**
 * What a page shows while its chunks load on the first load: its heading (the page's own, `pages.<path>.title`,
 * where the page has one), so that the page names itself at once instead of leaving the content blank.
 */
export function PageLoading({ heading }: { heading: PageHeading }) {
  const { t } = useTranslation();
  const { pathname, search } = useLocation();
  const shown = typeof heading === 'function' ? heading(new URLSearchParams(search)) : heading;
  const title = shown ? t(`pages.${normalizePath(pathname)}.title`, { defaultValue: '' }) : '';
  return <div className="page-loading" aria-busy="true">{title && <h1 className="page-title">{title}</h1>}</div>;
}
