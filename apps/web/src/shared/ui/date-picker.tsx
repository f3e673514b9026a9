import { DatePicker as AntdDatePicker } from 'antd';
import { scoped } from './antd-scope';

/** antd's DatePicker, in antd's scope (antd-scope.tsx): a page that shows it loads antd. */
export const DatePicker = /* @__PURE__ */ scoped(AntdDatePicker, 'RangePicker');
