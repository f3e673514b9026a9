import { List as AntdList } from 'antd';
import { scoped } from './antd-scope';

/** antd's List, in antd's scope (antd-scope.tsx): a page that shows it loads antd. */
export const List = /* @__PURE__ */ scoped(AntdList);
