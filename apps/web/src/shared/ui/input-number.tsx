import { InputNumber as AntdInputNumber } from 'antd';
import { scoped } from './antd-scope';

/** antd's InputNumber, in antd's scope (antd-scope.tsx): a page that shows it loads antd. */
export const InputNumber = /* @__PURE__ */ scoped(AntdInputNumber);
