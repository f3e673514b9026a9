import { Steps as AntdSteps } from 'antd';
import { scoped } from './antd-scope';

/** antd's Steps, in antd's scope (antd-scope.tsx): a page that shows it loads antd. */
export const Steps = /* @__PURE__ */ scoped(AntdSteps);
