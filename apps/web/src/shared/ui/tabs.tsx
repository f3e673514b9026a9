import { Tabs as AntdTabs } from 'antd';
import { scoped } from './antd-scope';

/** antd's Tabs, in antd's scope (antd-scope.tsx): a page that shows it loads antd. */
export const Tabs = /* @__PURE__ */ scoped(AntdTabs);
