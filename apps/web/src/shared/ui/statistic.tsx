import { Statistic as AntdStatistic } from 'antd';
import { scoped } from './antd-scope';

/** antd's Statistic, in antd's scope (antd-scope.tsx): a page that shows it loads antd. */
export const Statistic = /* @__PURE__ */ scoped(AntdStatistic);
