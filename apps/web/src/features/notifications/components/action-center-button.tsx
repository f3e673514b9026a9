import type { Power } from '@ads/contracts';
import { BellOutlined, NotificationOutlined } from '@ant-design/icons';
import { Badge, Button, Popover } from 'antd';
import { lazy, Suspense, useCallback, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../shared/session';
import { useNotificationsPoll } from '../api';
import '../messages/register';

// Only the bell and the poll load with the page. The popup's body (tabs, cards, dayjs) is fetched
// on first open, and the announcement form (only staff open it) is a chunk of its own.
const ActionCenterPanel = lazy(() => import('./action-center-panel'));
const AnnouncementModal = lazy(() => import('./announcement-modal'));

const PUBLISH_POWER: Power = 'notification.publish';

/** The header's bell: unread count, and the Action Center popup (seed §2). */
export function ActionCenterButton() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  // null: not mounted. The modal stays mounted while it animates its closing.
  const [announcing, setAnnouncing] = useState<boolean | null>(null);
  const canPublish = useSession()?.userInfo.powers.some((power) => power.code === PUBLISH_POWER) ?? false;
  const poll = useNotificationsPoll();
  const unread = poll.data ? poll.data.unread.actions + poll.data.unread.notifications : 0;

  const bellRef = useRef<HTMLButtonElement>(null);
  // The popup is rendered at the end of the page: focus moves into it so that the keyboard reaches
  // its tabs and cards next, and Escape brings it back to the bell. (Deferred: the popup's portal
  // is attached to the page after its content.)
  const focusOnOpen = useCallback((node: HTMLDivElement | null) => {
    if (node) setTimeout(() => node.focus({ preventScroll: true }));
  }, []);
  const closeOnEscape = (event: KeyboardEvent) => {
    if (event.key !== 'Escape') return;
    setOpen(false);
    bellRef.current?.focus();
  };

  const changeOpen = (next: boolean) => {
    setOpen(next);
    // Seed §7: reloaded when the popup opens.
    if (next) void poll.refetch();
  };

  const announce = () => {
    // A click inside the modal would count as outside the popup; close the popup first.
    setOpen(false);
    setAnnouncing(true);
  };

  return (
    <>
      <Popover
        content={
          <div
            ref={focusOnOpen}
            className="action-center-body"
            role="region"
            aria-labelledby="action-center-title"
            tabIndex={-1}
            onKeyDown={closeOnEscape}
          >
            <div className="action-center-header">
              <h2 id="action-center-title" className="action-center-title">
                {t('actionCenter.title')}
              </h2>
              {canPublish && (
                <Button size="small" icon={<NotificationOutlined aria-hidden="true" />} onClick={announce}>
                  {t('actionCenter.newAnnouncement')}
                </Button>
              )}
            </div>
            <Suspense fallback={<div className="action-center-loading">{t('app.loading')}</div>}>
              <ActionCenterPanel data={poll.data} loading={poll.isPending} onNavigate={() => setOpen(false)} />
            </Suspense>
          </div>
        }
        trigger="click"
        placement="bottomRight"
        open={open}
        onOpenChange={changeOpen}
        arrow={false}
        destroyOnHidden
      >
        <Button
          ref={bellRef}
          type="text"
          aria-label={unread ? `${t('shell.actionCenter')} ${unread > 99 ? '99+' : unread}` : t('shell.actionCenter')}
          aria-describedby={unread ? 'action-center-unread' : undefined}
          aria-expanded={open}
          icon={
            <Badge count={unread} size="small" overflowCount={99}>
              <BellOutlined style={{ fontSize: 18 }} />
            </Badge>
          }
        />
      </Popover>
      {unread > 0 && (
        <span id="action-center-unread" className="visually-hidden">
          {t('actionCenter.unreadCount', { count: unread })}
        </span>
      )}
      {announcing !== null && (
        <Suspense fallback={null}>
          <AnnouncementModal open={announcing} onClose={() => setAnnouncing(false)} afterClose={() => setAnnouncing(null)} />
        </Suspense>
      )}
    </>
  );
}
