import { Select as AntdSelect } from 'antd';
import { scoped } from './antd-scope';

/** antd's Select, in antd's scope (antd-scope.tsx): a page that shows it loads antd. */
export const Select = /* @__PURE__ */ scoped(AntdSelect);
