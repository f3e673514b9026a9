import { Dropdown as AntdDropdown } from 'antd';
import { scoped } from './antd-scope';

export type { MenuProps } from 'antd';
/** antd's Dropdown, in antd's scope (antd-scope.tsx): a page that shows it loads antd. */
export const Dropdown = /* @__PURE__ */ scoped(AntdDropdown);
