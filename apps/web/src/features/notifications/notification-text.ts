import type { NotificationInfo } from '@ads/contracts';
import type { I18n } from '../../shared/i18n/translate';

export interface NotificationText {
  title: string | null;
  content: string | null;
}

// Values named …At are ISO times: Dates, so that the texts format them for the reader's language.
const valuesOf = (params: NonNullable<NotificationInfo['params']>, i18n: I18n) =>
  Object.fromEntries(
    Object.entries(params).map(([name, value]) => [
      name,
      value === null ? i18n.t('notificationMessages.notGiven') : typeof value === 'string' && name.endsWith('At') ? new Date(value) : value,
    ]),
  );

/**
 * Title and content in the reader's language. A system notification is rendered from its message
 * key and values; an announcement shows the reader's language version when it has one, else the
 * one it was written in. A key this console does not know (a newer server) falls back to the text
 * fields, and missing ones to the placeholders ('No title', 'No content', 'Unknown time'; the
 * card's business).
 */
export function notificationText(info: NotificationInfo, i18n: I18n): NotificationText {
  if (info.messageKey) {
    const base = `notificationMessages.${info.messageKey}`;
    const values = valuesOf(info.params ?? {}, i18n);
    if (i18n.exists(`${base}.title`, values)) {
      return { title: i18n.t(`${base}.title`, values), content: i18n.t(`${base}.content`, values) };
    }
  }
  const translated = info.translations?.[i18n.language as keyof NonNullable<NotificationInfo['translations']>];
  if (translated?.title || translated?.content) {
    return { title: translated.title ?? info.title, content: translated.content ?? info.content };
  }
  return { title: info.title, content: info.content };
}
