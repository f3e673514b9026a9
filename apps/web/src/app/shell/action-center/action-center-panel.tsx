import { Empty, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';

/** The popup's body: the seed's two tabs, each with its empty state until notifications land. */
export default function ActionCenterPanel() {
  const { t } = useTranslation();
  return (
    <Tabs
      className="action-center"
      size="small"
      items={[
        {
          key: 'actions',
          label: t('actionCenter.actions'),
          children: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('actionCenter.emptyActions')} />,
        },
        {
          key: 'notifications',
          label: t('actionCenter.notifications'),
          children: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('actionCenter.emptyNotifications')} />,
        },
      ]}
    />
  );
}
