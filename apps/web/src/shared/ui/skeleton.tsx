import { Skeleton as AntdSkeleton } from 'antd';
import { scoped } from './antd-scope';

/** antd's Skeleton, in antd's scope (antd-scope.tsx): a page that shows it loads antd. */
export const Skeleton = /* @__PURE__ */ scoped(AntdSkeleton);
