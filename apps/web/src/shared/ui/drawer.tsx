import { Drawer as AntdDrawer } from 'antd';
import { scoped } from './antd-scope';

/** antd's Drawer, in antd's scope (antd-scope.tsx): a page that shows it loads antd. */
export const Drawer = /* @__PURE__ */ scoped(AntdDrawer);
