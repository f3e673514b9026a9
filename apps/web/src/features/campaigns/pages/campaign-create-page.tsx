import { EDITABLE_CAMPAIGN_STATUSES, LIVE_CAMPAIGN_STATUSES, type CampaignDetail } from '@ads/contracts';
import { Suspense, useState, type ReactNode } from 'react';
import { useTranslation } from '../../../shared/i18n/translate';
import { useLocation, useNavigate, useSearchParams } from '../../../shared/router/router';
import { isApiError } from '../../../shared/api-client';
import { useCampaignDetail } from '../api';
import { CampaignWizard } from '../wizard/campaign-wizard';
import { wizardKeyOf } from '../wizard/wizard-key';
import { Button } from '../../../shared/ui/button';
import '../messages/register';
import { Alert } from '../../../shared/ui/alert';
import { lazyNamed } from '../../../shared/ui/lazy-named';
import { Skeleton } from '../../../shared/ui/skeleton';

const LIST_PATH = '/campaign/list';
// A live campaign's settings: its steps on one page, with antd's controls; loaded when one is opened,
// so that a new campaign's wizard (plain HTML until its second step) loads no antd.
const LiveSettings = lazyNamed(() => import('../wizard/live-settings'), 'LiveSettings');

/** campaign/create: a new campaign, or `?id=N` to edit a draft or rejected one, or a live one's settings. */
export default function CampaignCreatePage() {
  const [params] = useSearchParams();
  const location = useLocation();
  const raw = params.get('id');
  const id = raw && /^\d{1,10}$/.test(raw) && Number(raw) > 0 ? Number(raw) : undefined;
  const key = wizardKeyOf(location);
  return <WizardLoader key={key} id={id} />;
}

function WizardLoader({ id }: { id: number | undefined }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [openId] = useState(id);
  const query = useCampaignDetail(openId);
  // The wizard opens on the campaign as it was loaded; later refetches (after a save) do not reopen it.
  const [opened, setOpened] = useState<CampaignDetail | null>(null);
  const data = query.data;
  if (!opened && data && (EDITABLE_CAMPAIGN_STATUSES.includes(data.status) || LIVE_CAMPAIGN_STATUSES.includes(data.status))) setOpened(data);

  if (openId === undefined) return <CampaignWizard />;
  if (opened)
    return LIVE_CAMPAIGN_STATUSES.includes(opened.status) ? (
      <Suspense fallback={<Loading />}>
        <LiveSettings detail={opened} />
      </Suspense>
    ) : (
      <CampaignWizard detail={opened} />
    );
  const back = (
    <Button type="primary" onClick={() => void navigate(LIST_PATH)}>
      {t('campaigns.wizard.load.backToList')}
    </Button>
  );
  if (query.isError) {
    const missing = isApiError(query.error) && query.error.statusCode === 404;
    return <Refusal type={missing ? 'warning' : 'error'} message={t(missing ? 'campaigns.wizard.load.notFound' : 'campaigns.wizard.load.failed')} action={back} />;
  }
  if (data)
    return (
      <Refusal type="info" message={t('campaigns.wizard.load.notEditable', { status: t(`campaigns.wizard.statuses.${data.status}`) })} action={back} />
    );
  return <Loading />;
}

function Loading() {
  const { t } = useTranslation();
  return (
    <div aria-busy="true" aria-label={t('campaigns.wizard.load.loading')}>
      <Skeleton active paragraph={{ rows: 8 }} />
    </div>
  );
}

/** Why the wizard does not open, with the way back. */
function Refusal({ type, message, action }: { type: 'info' | 'warning' | 'error'; message: string; action: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className="campaign-wizard">
      <h1 className="page-title">{t('campaigns.wizard.titleEdit')}</h1>
      <Alert type={type} showIcon title={message} role="alert" />
      <div className="wizard-refusal-action">{action}</div>
    </div>
  );
}
