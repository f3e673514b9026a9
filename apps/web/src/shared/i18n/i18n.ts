import type DayjsFn from 'dayjs';
import { useSyncExternalStore } from 'react';
import { loadAntdChinese, type AntdLocale } from '../ui/antd-locale';
import type { Resources } from './locales/en-US';
import i18n from './translate';

export const LANGUAGES = ['en-US', 'zh-CN'] as const;
export type Language = (typeof LANGUAGES)[number];
export const LANGUAGE_STORAGE_KEY = 'language';

// dayjs is only needed here to switch its locale (antd's date pickers read it). Its default is
// English, so an English-only visit never downloads it.
let dayjs: typeof DayjsFn | undefined;
const loadDayjs = async () => (dayjs ??= (await import('dayjs')).default);

interface LanguagePack {
  messages: Resources;
  /** undefined: antd's built-in English. */
  antdLocale: AntdLocale | undefined;
  dayjsLocale: string;
}

// Only the active language's resources are fetched; each one is its own chunk. Nothing of antd is
// imported statically: the login page loads no antd, and antd's built-in locale is English.
const loaders: Record<Language, () => Promise<LanguagePack>> = {
  'en-US': async () => ({
    messages: (await import('./locales/en-US')).default,
    antdLocale: undefined,
    dayjsLocale: 'en',
  }),
  'zh-CN': async () => {
    const [messages, antd] = await Promise.all([
      import('./locales/zh-CN'),
      loadAntdChinese(),
      loadDayjs().then(() => import('dayjs/locale/zh-cn')),
    ]);
    return { messages: messages.default, antdLocale: antd, dayjsLocale: 'zh-cn' };
  },
};

export const isLanguage = (value: unknown): value is Language =>
  typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);

/** The remembered choice, else the browser's language (any Chinese variant → zh-CN). */
export function detectLanguage(): Language {
  try {
    const stored = localStorage.getItem(LANGUAGE_STORAGE_KEY);
    if (isLanguage(stored)) return stored;
  } catch {
    // Storage can be blocked; fall through to the browser's language.
  }
  const preferred = navigator.languages?.[0] ?? navigator.language ?? '';
  return preferred.toLowerCase().startsWith('zh') ? 'zh-CN' : 'en-US';
}

interface LocaleState {
  language: Language;
  antdLocale: AntdLocale | undefined;
}

let state: LocaleState = { language: 'en-US', antdLocale: undefined };
const listeners = new Set<() => void>();

const apply = (language: Language, pack: LanguagePack) => {
  dayjs?.locale(pack.dayjsLocale);
  document.documentElement.lang = language;
  state = { language, antdLocale: pack.antdLocale };
  listeners.forEach((listener) => listener());
};

/**
 * A feature's own texts, in both languages, merged into the shell's when its lazily loaded page
 * module runs: the shell's resource files stay small, so the landing page's JavaScript does too.
 */
export type FeatureMessages = Record<Language, object>;
const featureMessages: FeatureMessages[] = [];

const mergeFeatures = (bundles: FeatureMessages[]) => {
  for (const bundle of bundles) {
    for (const language of LANGUAGES) i18n.addResources(language, bundle[language]);
  }
};

export function addFeatureMessages(bundle: FeatureMessages): void {
  featureMessages.push(bundle);
  if (i18n.isInitialized) mergeFeatures([bundle]);
}

export async function initI18n(language: Language = detectLanguage()): Promise<void> {
  const pack = await loaders[language]();
  i18n.addResources(language, pack.messages);
  if (!i18n.isInitialized) mergeFeatures(featureMessages);
  i18n.changeLanguage(language);
  apply(language, pack);
}

export async function setLanguage(language: Language): Promise<void> {
  const pack = await loaders[language]();
  // Deep merge: the feature texts already there for this language stay.
  i18n.addResources(language, pack.messages);
  i18n.changeLanguage(language);
  try {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // Not remembered, but the switch still applies to this page.
  }
  apply(language, pack);
}

/**
 * Switches to the language the user chose in their profile (userBasicInfo.language) at sign-in;
 * nothing when they chose none or it is shown already. The header's switch changes it for the rest
 * of the session; the profile's choice comes back at the next sign-in.
 */
export function adoptLanguage(language: string | null | undefined): void {
  if (isLanguage(language) && language !== state.language) void setLanguage(language);
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const getSnapshot = () => state;

/** The active language and its antd locale; re-renders when the language changes. */
export const useLocaleState = (): LocaleState => useSyncExternalStore(subscribe, getSnapshot);
