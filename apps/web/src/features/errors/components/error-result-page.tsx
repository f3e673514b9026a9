import { useTranslation } from '../../../shared/i18n/translate';
import { useNavigate } from '../../../shared/router/router';
import { Button } from '../../../shared/ui/button';
import { Result } from '../../../shared/ui/result';

/** 404 and 401 as antd Result pages; "Back Home" goes to /, which leads to the landing page. */
export function ErrorResultPage({ status }: { status: '404' | '401' }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const copy =
    status === '404'
      ? { title: t('errorPages.notFoundTitle'), text: t('errorPages.notFound') }
      : { title: t('errorPages.unauthorizedTitle'), text: t('errorPages.unauthorized') };
  return (
    <Result
      // antd has no 401 illustration; 403 is the one for "not allowed here".
      status={status === '404' ? '404' : '403'}
      title={<h1 className="error-result-title">{copy.title}</h1>}
      subTitle={copy.text}
      extra={
        <Button type="primary" onClick={() => navigate('/')}>
          {t('errorPages.backHome')}
        </Button>
      }
    />
  );
}
