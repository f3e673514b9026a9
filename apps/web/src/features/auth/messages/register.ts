import { addFeatureMessages } from '../../../shared/i18n/i18n';
import enUS from './en-US';
import zhCN from './zh-CN';

// Imported by the change-password page: its texts arrive with it (the sign-in page's stay in the shell's locales).
addFeatureMessages({ 'en-US': enUS, 'zh-CN': zhCN });
