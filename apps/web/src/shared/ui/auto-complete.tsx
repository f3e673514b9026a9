import { AutoComplete as AntdAutoComplete } from 'antd';
import { scoped } from './antd-scope';

/** antd's AutoComplete, in antd's scope (antd-scope.tsx): a page that shows it loads antd. */
export const AutoComplete = /* @__PURE__ */ scoped(AntdAutoComplete);
