import { Checkbox as AntdCheckbox } from 'antd';
import { scoped } from './antd-scope';

/** antd's Checkbox, in antd's scope (antd-scope.tsx): a page that shows it loads antd. */
export const Checkbox = /* @__PURE__ */ scoped(AntdCheckbox, 'Group');
