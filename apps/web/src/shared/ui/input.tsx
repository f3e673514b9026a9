import { Input as AntdInput } from 'antd';
import { scoped } from './antd-scope';

export type { InputRef } from 'antd';
/** antd's Input, in antd's scope (antd-scope.tsx): a page that shows it loads antd. */
export const Input = /* @__PURE__ */ scoped(AntdInput, 'TextArea', 'Search', 'Password');
