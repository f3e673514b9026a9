import { Descriptions as AntdDescriptions } from 'antd';
import { scoped } from './antd-scope';

/** antd's Descriptions, in antd's scope (antd-scope.tsx): a page that shows it loads antd. */
export const Descriptions = /* @__PURE__ */ scoped(AntdDescriptions);
