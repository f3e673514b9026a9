import { useState } from 'react';
import { useTranslation } from '../../../shared/i18n/translate';
import { Alert } from '../../../shared/ui/alert';
import { Button } from '../../../shared/ui/button';
import { Drawer } from '../../../shared/ui/drawer';
import { Skeleton } from '../../../shared/ui/skeleton';
import { Tabs } from '../../../shared/ui/tabs';
import { useCanEditConversionTag, useConversionTag } from '../api';
import { errorText } from './format';
import { RecentConversions } from './recent-conversions';
import { SettingsPanel } from './settings-panel';
import { SetupPanel } from './setup-panel';
import '../messages/register';
import './conversions.css';

type TabKey = 'setup' | 'settings' | 'list';

export interface ConversionDrawerProps {
  open: boolean;
  onClose: () => void;
}

/** Conversion tracking: how to install the tag and the postback, the click window, the conversions reported. */
export default function ConversionDrawer({ open, onClose }: ConversionDrawerProps) {
  const { t } = useTranslation();
  const canEdit = useCanEditConversionTag();
  const tag = useConversionTag(open);
  const [tab, setTab] = useState<TabKey>('setup');

  const body = () => {
    if (tag.isPending) return <Skeleton active paragraph={{ rows: 8 }} />;
    if (tag.isError)
      return (
        <Alert
          type="error"
          showIcon
          title={t('conversions.loadFailed')}
          description={errorText(t, tag.error)}
          action={
            <Button size="small" onClick={() => void tag.refetch()}>
              {t('conversions.retry')}
            </Button>
          }
        />
      );
    const data = tag.data;
    return (
      <Tabs
        className="conversion-tabs"
        activeKey={tab}
        onChange={(key) => setTab(key as TabKey)}
        items={[
          { key: 'setup', label: t('conversions.tabs.setup'), children: <SetupPanel tag={data} canEdit={canEdit} onRefetch={() => void tag.refetch()} /> },
          { key: 'settings', label: t('conversions.tabs.settings'), children: <SettingsPanel tag={data} canEdit={canEdit} onReload={() => tag.refetch()} /> },
          { key: 'list', label: t('conversions.tabs.list'), children: <RecentConversions onShowSetup={() => setTab('setup')} /> },
        ]}
      />
    );
  };

  return (
    <Drawer open={open} onClose={onClose} size={880} title={t('conversions.title')} closable={{ 'aria-label': t('conversions.close') }} className="conversion-drawer">
      {body()}
    </Drawer>
  );
}
