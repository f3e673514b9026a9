import { TreeSelect as AntdTreeSelect } from 'antd';
import { scoped } from './antd-scope';

/** antd's TreeSelect, in antd's scope (antd-scope.tsx): a page that shows it loads antd. */
export const TreeSelect = /* @__PURE__ */ scoped(AntdTreeSelect);
