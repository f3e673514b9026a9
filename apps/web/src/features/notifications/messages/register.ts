import { addFeatureMessages } from '../../../shared/i18n/i18n';
import enUS from './en-US';
import zhCN from './zh-CN';

// Imported by the bell (on every page: the notifications it shows need their texts) and the form.
addFeatureMessages({ 'en-US': enUS, 'zh-CN': zhCN });
