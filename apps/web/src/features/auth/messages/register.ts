import { addFeatureMessages } from '../../../shared/i18n/i18n';
import enUS from './en-US';
import zhCN from './zh-CN';

// Imported by the change-password and profile pages and by the sign-in page's lazily loaded forms:
// their texts arrive with them (the sign-in page's first view keeps its own in the shell's locales).
addFeatureMessages({ 'en-US': enUS, 'zh-CN': zhCN });
