import { Timeline as AntdTimeline } from 'antd';
import { scoped } from './antd-scope';

/** antd's Timeline, in antd's scope (antd-scope.tsx): a page that shows it loads antd. */
export const Timeline = /* @__PURE__ */ scoped(AntdTimeline);
