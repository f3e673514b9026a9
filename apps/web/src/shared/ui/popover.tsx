import { Popover as AntdPopover } from 'antd';
import { scoped } from './antd-scope';

/** antd's Popover, in antd's scope (antd-scope.tsx): a page that shows it loads antd. */
export const Popover = /* @__PURE__ */ scoped(AntdPopover);
