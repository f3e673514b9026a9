import { Typography as AntdTypography } from 'antd';
import { scoped } from './antd-scope';

/** antd's Typography, in antd's scope (antd-scope.tsx): a page that shows it loads antd. */
export const Typography = /* @__PURE__ */ scoped(AntdTypography, 'Text');
