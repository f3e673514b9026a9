import type { Power } from '@ads/contracts';
import { BellOutlined, NotificationOutlined } from '@ant-design/icons';
import { Suspense, useCallback, useRef, useState, type CSSProperties, type KeyboardEvent } from 'react';
import { useTranslation } from '../../../shared/i18n/translate';
import { useSession } from '../../../shared/session';
import { Button } from '../../../shared/ui/button';
import { usePointerDownOutside } from '../../../shared/use-pointer-down-outside';
import { lazyWithAntd } from '../../../shared/ui/with-antd';
import { useNotificationsPoll } from '../api';
import { useInboxStream } from '../inbox-stream';
import '../messages/register';

// Only the bell and the poll load with the page, in plain HTML (the shell has no antd). The popup's
// body (tabs, cards, dayjs: antd) is fetched on first open, and the announcement form (only staff
// open it) is a chunk of its own.
const ActionCenterPanel = lazyWithAntd(() => import('./action-center-panel'));
const AnnouncementModal = lazyWithAntd(() => import('./announcement-modal'));

/** The popup's width (global.css: a 400 px body in 12 px of padding, 8 px from a narrow window's edges). */
const POPUP_WIDTH = 424;

/**
 * Where the popup goes: under the bell, its right edge on the bell's (antd's bottomRight), shifted
 * left or right as far as it must to stay in the window.
 */
const placeBelow = (bell: HTMLElement): CSSProperties => {
  const rect = bell.getBoundingClientRect();
  const windowWidth = document.documentElement.clientWidth;
  const width = Math.min(POPUP_WIDTH, windowWidth - 16);
  return { top: rect.bottom + 4, right: Math.min(Math.max(8, windowWidth - rect.right), windowWidth - width - 8) };
};

const PUBLISH_POWER: Power = 'notification.publish';

/** The header's bell: unread count, and the Action Center popup. */
export function ActionCenterButton() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [place, setPlace] = useState<CSSProperties>({});
  // null: not mounted. The modal stays mounted while it animates its closing.
  const [announcing, setAnnouncing] = useState<boolean | null>(null);
  const canPublish = useSession()?.userInfo.powers.some((power) => power.code === PUBLISH_POWER) ?? false;
  const poll = useNotificationsPoll();
  // Live once the first poll answered (a console whose poll fails has nothing to keep current).
  useInboxStream(poll.data !== undefined);
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
    if (next && bellRef.current) setPlace(placeBelow(bellRef.current));
    setOpen(next);
    // Reloaded when the popup opens.
    if (next) void poll.refetch();
  };

  // A click outside the bell and the popup closes it (the announcement form's too: it opens
  // after the popup has closed).
  const popupRef = useRef<HTMLDivElement>(null);
  usePointerDownOutside(open, [bellRef, popupRef], () => setOpen(false));

  const announce = () => {
    // A click inside the modal would count as outside the popup; close the popup first.
    setOpen(false);
    setAnnouncing(true);
  };

  const count = unread > 99 ? '99+' : String(unread);
  return (
    <>
      <button
        ref={bellRef}
        type="button"
        className="header-button bell-button"
        aria-label={unread ? `${t('shell.actionCenter')} ${count}` : t('shell.actionCenter')}
        aria-describedby={unread ? 'action-center-unread' : undefined}
        aria-expanded={open}
        onClick={() => changeOpen(!open)}
      >
        <BellOutlined aria-hidden="true" style={{ fontSize: 18 }} />
        {unread > 0 && (
          <span className="bell-count" title={String(unread)} aria-hidden="true">
            {count}
          </span>
        )}
      </button>
      {open && (
        <div ref={popupRef} className="action-center-popup" style={place}>
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
        </div>
      )}
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
