import { Badge as AntdBadge } from 'antd';
import { scoped } from './antd-scope';

/** antd's Badge, in antd's scope (antd-scope.tsx): a page that shows it loads antd. */
export const Badge = /* @__PURE__ */ scoped(AntdBadge);
