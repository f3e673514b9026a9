import * as antd from 'antd';
import { scoped } from './antd-scope';

// antd's form (layout, validation, field state) in its scope (antd-scope.tsx); its fields come from inputs.tsx.

export type { FormInstance } from 'antd';
export type { Rule } from 'antd/es/form';
export const Form = /* @__PURE__ */ scoped(antd.Form);
