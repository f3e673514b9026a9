import {
  NOTIFICATION_LANGUAGES,
  NOTIFICATION_MESSAGE_TEMPLATES,
  type NotificationInfo,
  type NotificationLanguage,
  type NotificationParams,
} from '@ads/contracts';
import i18next, { type TOptions } from 'i18next';

// The templates are the web's (contracts' notification-messages.ts) and so is the engine: the
// same plurals, nesting and date formats give the same words on both sides.
const i18n = i18next.createInstance();
void i18n.init({
  resources: Object.fromEntries(
    NOTIFICATION_LANGUAGES.map((language) => [
      language,
      { translation: { notificationMessages: structuredClone(NOTIFICATION_MESSAGE_TEMPLATES[language]) } },
    ]),
  ),
  lng: 'en-US',
  fallbackLng: false,
  initAsync: false,
  interpolation: { escapeValue: false },
});

const isLanguage = (value: unknown): value is NotificationLanguage =>
  typeof value === 'string' && (NOTIFICATION_LANGUAGES as readonly string[]).includes(value);

/**
 * The first of the Accept-Language header's languages that a console speaks (any Chinese → zh-CN,
 * any English → en-US), by the order of preference the header gives; undefined when none.
 */
export const acceptedLanguage = (header: string | undefined): NotificationLanguage | undefined => {
  if (!header) return undefined;
  const ranked = header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...rest] = part.trim().split(';');
      const q = rest.map((p) => p.trim()).find((p) => p.startsWith('q='));
      return { tag: tag.trim().toLowerCase(), q: q ? Number(q.slice(2)) : 1, index };
    })
    .filter((l) => l.tag && Number.isFinite(l.q) && l.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  for (const { tag } of ranked) {
    if (tag.startsWith('zh')) return 'zh-CN';
    if (tag.startsWith('en')) return 'en-US';
  }
  return undefined;
};

/** The reader's language: the one the console asks for, else the profile's, else the browser's, else English. */
export const readerLanguage = (...choices: (string | null | undefined)[]): NotificationLanguage =>
  choices.find(isLanguage) ?? 'en-US';

// Values named …At are ISO times: Dates, formatted in UTC (the server knows no reader's time zone).
const valuesOf = (params: NotificationParams, language: NotificationLanguage): TOptions => {
  const values: Record<string, unknown> = {};
  const formatParams: Record<string, { timeZone: string }> = {};
  for (const [name, value] of Object.entries(params)) {
    if (value === null) values[name] = i18n.t('notificationMessages.notGiven', { lng: language });
    else if (typeof value === 'string' && name.endsWith('At')) {
      values[name] = new Date(value);
      formatParams[name] = { timeZone: 'UTC' };
    } else values[name] = value;
  }
  return { ...values, formatParams, lng: language };
};

type Stored = Pick<NotificationInfo, 'title' | 'content' | 'messageKey' | 'params' | 'translations'>;

/**
 * Title and content in the reader's language, as the web shows them (its notification-text.ts): a
 * system notification from its message key and values; an announcement in the reader's version
 * when it has one, with the version it was written in (English) added to `translations` so that a
 * console switching language finds every version there. A key this server does not know keeps the
 * stored text.
 */
export const renderNotification = <T extends Stored>(info: T, language: NotificationLanguage): T => {
  if (info.messageKey) {
    const base = `notificationMessages.${info.messageKey}`;
    const values = valuesOf(info.params ?? {}, language);
    if (i18n.exists(`${base}.title`, values)) {
      return { ...info, title: i18n.t(`${base}.title`, values), content: i18n.t(`${base}.content`, values) };
    }
    return info;
  }
  if (!info.translations) return info;
  const translations = { 'en-US': { title: info.title, content: info.content }, ...info.translations };
  const version = translations[language];
  return {
    ...info,
    title: version?.title ?? info.title,
    content: version?.content ?? info.content,
    translations,
  };
};
