import { Result as AntdResult } from 'antd';
import { scoped } from './antd-scope';

/** antd's Result, in antd's scope (antd-scope.tsx): a page that shows it loads antd. */
export const Result = /* @__PURE__ */ scoped(AntdResult);
