import { notificationDisplay, type NotificationDisplay, type NotificationInfo } from '@ads/contracts';
import { CheckCircleFilled, DeleteOutlined, ExclamationCircleFilled, InfoCircleFilled } from '@ant-design/icons';
import dayjs from 'dayjs';
// The Chinese locale is tiny; importing it here makes the relative time follow the language even
// before the language switch has loaded it.
import { IconButton } from '../../../shared/ui/button';
import 'dayjs/locale/zh-cn';
import relativeTime from 'dayjs/plugin/relativeTime';
import { useId, useState, type MouseEvent } from 'react';
import { useTranslation } from '../../../shared/i18n/translate';
import { Link } from '../../../shared/router/router';
import { useLocaleState } from '../../../shared/i18n/i18n';
import { notificationLink } from '../notification-link';
import { notificationText } from '../notification-text';
import { useThemeToken } from '../../../shared/ui/antd-scope';
import { Tooltip } from '../../../shared/ui/tooltip';

dayjs.extend(relativeTime);

const ICONS = { info: InfoCircleFilled, warning: ExclamationCircleFilled, success: CheckCircleFilled } as const;
const COLOR_TOKENS = { info: 'colorPrimary', warning: 'colorWarning', success: 'colorSuccess' } as const;

interface NotificationCardProps {
  info: NotificationInfo;
  /** The linked menu, when the user has it. */
  menu: { name: string; url: string } | undefined;
  onOpen: () => void;
  onFollow: () => void;
  onDismiss: () => void;
}

/** One message: kind icon, title, content, time, optional link; a red dot or a delete button. */
export function NotificationCard({ info, menu, onOpen, onFollow, onDismiss }: NotificationCardProps) {
  const { t, i18n } = useTranslation();
  const { language } = useLocaleState();
  const { title, content } = notificationText(info, i18n);
  const token = useThemeToken();
  const titleId = useId();
  const [expanded, setExpanded] = useState(false);
  const kind: NotificationDisplay = notificationDisplay(info.type);
  const Icon = ICONS[kind];
  const time = info.toSentAt ?? info.createdAt;
  const parsed = time ? dayjs(time) : null;
  const when = parsed?.isValid() ? parsed.locale(language === 'zh-CN' ? 'zh-cn' : 'en') : null;

  const openCard = () => {
    setExpanded((value) => !value);
    onOpen();
  };
  // The whole card opens on a click; the title button is the keyboard's way in. Clicks on the
  // link or the delete button are theirs alone.
  const clickCard = (event: MouseEvent) => {
    if (!(event.target as Element).closest('a, button')) openCard();
  };

  return (
    <li
      className={`notification-card${info.hasRead ? '' : ' notification-card-unread'}`}
      data-kind={kind}
      data-read={info.hasRead}
      onClick={clickCard}
    >
      <article aria-labelledby={titleId}>
        <Icon className="notification-card-icon" style={{ color: token[COLOR_TOKENS[kind]] }} aria-label={t(`actionCenter.kind.${kind}`)} />
        <div className="notification-card-main">
          <div className="notification-card-head">
            <button
              type="button"
              id={titleId}
              className={`notification-card-title${title ? '' : ' notification-card-placeholder'}`}
              aria-expanded={expanded}
              onClick={openCard}
            >
              {title || t('actionCenter.noTitle')}
            </button>
            {info.hasRead ? (
              <Tooltip title={t('actionCenter.delete')}>
                <IconButton
                  type="text"
                  size="small"
                  className="notification-card-delete"
                  icon={<DeleteOutlined aria-hidden="true" />}
                  label={t('actionCenter.delete')}
                  onClick={onDismiss}
                />
              </Tooltip>
            ) : (
              <span className="notification-card-dot" role="img" aria-label={t('actionCenter.unread')} />
            )}
          </div>
          <p className={`notification-card-content${content ? '' : ' notification-card-placeholder'}${expanded ? ' notification-card-expanded' : ''}`}>
            {content || t('actionCenter.noContent')}
          </p>
          <div className="notification-card-foot">
            {when ? (
              <Tooltip title={when.format('YYYY-MM-DD HH:mm:ss')}>
                <time dateTime={when.toISOString()}>{when.fromNow()}</time>
              </Tooltip>
            ) : (
              <span>{t('actionCenter.unknownTime')}</span>
            )}
            {menu && info.menuId !== null && (
              <Link to={notificationLink(info, menu.url)} className="notification-card-link" onClick={onFollow}>
                {t(`menu.${info.menuId}`, { defaultValue: menu.name })}
              </Link>
            )}
          </div>
        </div>
      </article>
    </li>
  );
}
