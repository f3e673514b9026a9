import { Spin as AntdSpin } from 'antd';
import { scoped } from './antd-scope';

/** antd's Spin, in antd's scope (antd-scope.tsx): a page that shows it loads antd. */
export const Spin = /* @__PURE__ */ scoped(AntdSpin);
