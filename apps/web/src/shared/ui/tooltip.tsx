import { Tooltip as AntdTooltip } from 'antd';
import { scoped } from './antd-scope';

/** antd's Tooltip, in antd's scope (antd-scope.tsx): a page that shows it loads antd. */
export const Tooltip = /* @__PURE__ */ scoped(AntdTooltip);
