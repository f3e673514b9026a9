import { Radio as AntdRadio } from 'antd';
import { scoped } from './antd-scope';

/** antd's Radio, in antd's scope (antd-scope.tsx): a page that shows it loads antd. */
export const Radio = /* @__PURE__ */ scoped(AntdRadio, 'Group');
