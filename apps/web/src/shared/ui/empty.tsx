import { Empty as AntdEmpty } from 'antd';
import { scoped } from './antd-scope';

/** antd's Empty, in antd's scope (antd-scope.tsx): a page that shows it loads antd. */
export const Empty = /* @__PURE__ */ scoped(AntdEmpty);
