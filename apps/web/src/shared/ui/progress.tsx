import { Progress as AntdProgress } from 'antd';
import { scoped } from './antd-scope';

/** antd's Progress, in antd's scope (antd-scope.tsx): a page that shows it loads antd. */
export const Progress = /* @__PURE__ */ scoped(AntdProgress);
