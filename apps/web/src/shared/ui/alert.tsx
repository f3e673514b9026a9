import { Alert as AntdAlert } from 'antd';
import { scoped } from './antd-scope';

/** antd's Alert, in antd's scope (antd-scope.tsx): a page that shows it loads antd. */
export const Alert = /* @__PURE__ */ scoped(AntdAlert);
