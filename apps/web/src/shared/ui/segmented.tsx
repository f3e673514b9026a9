import { Segmented as AntdSegmented } from 'antd';
import { scoped } from './antd-scope';

/** antd's Segmented, in antd's scope (antd-scope.tsx): a page that shows it loads antd. */
export const Segmented = /* @__PURE__ */ scoped(AntdSegmented);
