import { addFeatureMessages } from '../../../shared/i18n/i18n';
import enUS from './en-US';
import zhCN from './zh-CN';

// Imported by this feature's pages and by what other features take from it (index.ts).
addFeatureMessages({ 'en-US': enUS, 'zh-CN': zhCN });
