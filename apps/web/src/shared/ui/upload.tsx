import { Upload as AntdUpload } from 'antd';
import { scoped } from './antd-scope';

/** antd's Upload, in antd's scope (antd-scope.tsx): a page that shows it loads antd. */
export const Upload = /* @__PURE__ */ scoped(AntdUpload, 'Dragger');
