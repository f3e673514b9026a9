import { notificationTab, type NotificationInfo, type NotificationsResponse, type NotificationTab } from '@ads/contracts';
import { useMemo, useState } from 'react';
import { useTranslation } from '../../../shared/i18n/translate';
import { useDismiss, useMarkRead } from '../action-api';
import { Button } from '../../../shared/ui/button';
import './action-center.css';
import { NotificationCard } from './notification-card';
import { Badge } from '../../../shared/ui/badge';
import { Tabs } from '../../../shared/ui/tabs';
import { Empty } from '../../../shared/ui/empty';
import { Tooltip } from '../../../shared/ui/tooltip';

interface ActionCenterPanelProps {
  /** The poll's last page; undefined until the first load ends (or when it failed). */
  data: NotificationsResponse | undefined;
  loading: boolean;
  /** A card's link was followed: the popup closes. */
  onNavigate: () => void;
}

const TABS: NotificationTab[] = ['actions', 'notifications'];

/** The popup's body: the Actions and Notifications tabs. */
export default function ActionCenterPanel({ data, loading, onNavigate }: ActionCenterPanelProps) {
  const { t } = useTranslation();
  const markRead = useMarkRead();
  const dismiss = useDismiss();
  // Open on the tab that needs attention.
  const [active, setActive] = useState<NotificationTab>(() =>
    !data?.unread.actions && data?.unread.notifications ? 'notifications' : 'actions',
  );

  const byTab = useMemo(() => {
    const groups: Record<NotificationTab, NotificationInfo[]> = { actions: [], notifications: [] };
    for (const info of data?.infos ?? []) groups[notificationTab(info.type)].push(info);
    return groups;
  }, [data]);

  const unreadNotificationIds = byTab.notifications.filter((info) => !info.hasRead).map((info) => info.notificationId);
  // The server counts beyond the loaded page.
  const unreadOnServer = Math.max(data?.unread.notifications ?? 0, unreadNotificationIds.length);
  const allRead = unreadOnServer === 0;

  const open = (info: NotificationInfo, tab: NotificationTab) => {
    // Opening marks read on the Notifications tab only; an action stays unread until
    // its link is followed.
    if (tab === 'notifications' && !info.hasRead) markRead.mutate({ ids: [info.notificationId] });
  };

  const follow = (info: NotificationInfo) => {
    if (!info.hasRead) markRead.mutate({ ids: [info.notificationId] });
    onNavigate();
  };

  const list = (tab: NotificationTab) => {
    if (!data && loading) {
      return (
        <div className="action-center-loading" role="status">
          {t('app.loading')}
        </div>
      );
    }
    const infos = byTab[tab];
    if (infos.length === 0) {
      return (
        <Empty
          className="action-center-empty"
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          description={t(tab === 'actions' ? 'actionCenter.emptyActions' : 'actionCenter.emptyNotifications')}
        />
      );
    }
    return (
      <ul className="action-center-list">
        {infos.map((info) => (
          <NotificationCard
            key={info.notificationId}
            info={info}
            menu={info.menuId === null ? undefined : data?.menus[String(info.menuId)]}
            onOpen={() => open(info, tab)}
            onFollow={() => follow(info)}
            onDismiss={() => dismiss.mutate(info.notificationId)}
          />
        ))}
      </ul>
    );
  };

  // Mark All as Read sits beside the tab bar, not in it: a tablist may hold only tabs.
  const markAll = active === 'notifications' && (
    <Tooltip title={t(allRead ? 'actionCenter.allRead' : 'actionCenter.markAllReadHint')}>
      {/* A disabled button fires no mouse events; the span carries the tooltip. */}
      <span className="action-center-mark-all">
        <Button
          type="link"
          size="small"
          disabled={allRead}
          onClick={() => markRead.mutate({ ids: unreadNotificationIds, allOf: unreadOnServer })}
        >
          {t('actionCenter.markAllRead')}
        </Button>
      </span>
    </Tooltip>
  );

  return (
    <div className="action-center-panel">
      {markAll}
      <Tabs
        className="action-center-tabs"
        size="small"
        activeKey={active}
        onChange={(key) => setActive(key as NotificationTab)}
        items={TABS.map((tab) => {
          const hasUnread = (data?.unread[tab] ?? 0) > 0;
          return {
            key: tab,
            label: (
              <Badge dot={hasUnread} offset={[4, 0]} className="action-center-tab-label">
                {t(tab === 'actions' ? 'actionCenter.actions' : 'actionCenter.notifications')}
                {hasUnread && <span className="visually-hidden"> {t('actionCenter.hasUnread')}</span>}
              </Badge>
            ),
            children: list(tab),
          };
        })}
      />
    </div>
  );
}
