import { Tag as AntdTag } from 'antd';
import { scoped } from './antd-scope';

/** antd's Tag, in antd's scope (antd-scope.tsx): a page that shows it loads antd. */
export const Tag = /* @__PURE__ */ scoped(AntdTag);
