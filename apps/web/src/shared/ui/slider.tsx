import { Slider as AntdSlider } from 'antd';
import { scoped } from './antd-scope';

/** antd's Slider, in antd's scope (antd-scope.tsx): a page that shows it loads antd. */
export const Slider = /* @__PURE__ */ scoped(AntdSlider);
