import { Switch as AntdSwitch } from 'antd';
import { scoped } from './antd-scope';

/** antd's Switch, in antd's scope (antd-scope.tsx): a page that shows it loads antd. */
export const Switch = /* @__PURE__ */ scoped(AntdSwitch);
