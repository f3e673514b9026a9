import type { Locale } from 'antd/es/locale';

// antd's texts (date pickers, tables, forms) in the console's languages, for shared/i18n to load
// beside its own; antd's built-in locale is English, so English needs nothing.

export type AntdLocale = Locale;
export const loadAntdChinese = async (): Promise<AntdLocale> => (await import('antd/es/locale/zh_CN')).default;
