import { addFeatureMessages } from '../../../shared/i18n/i18n';
import enUS from './en-US';
import zhCN from './zh-CN';

// Imported by the campaign list's button (index.ts) and the drawer.
addFeatureMessages({ 'en-US': enUS, 'zh-CN': zhCN });
