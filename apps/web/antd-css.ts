// antd's stylesheet (antd/dist/antd.css, 1 MB) styles all of antd's ~70 components, and the browser
// parses every rule and matches every selector against the page whatever the page renders (a
// second-long task on Lighthouse's mobile preset). The build (pruneAntdStyles in build-plugins.ts)
// drops the rules of the components the console never renders: 1,018 → 622 KB, 75 → 48 KB Brotli.
// Every end-to-end test watches the page for a class of a dropped component (e2e/support.ts).
import postcss from 'postcss';

/**
 * Class prefixes of the antd components the console never renders (`ant-<prefix>` or
 * `ant-<prefix>-…`). A component added to the code whose classes are here loses its styles: remove
 * its prefix from this list (the end-to-end tests name the class they saw). `steps` is not here
 * though no page shows antd's Steps: antd 6 draws its Timeline (the review histories of an image's,
 * a slot's and a campaign's drawer) with Steps' classes.
 */
export const UNUSED_ANTD_PREFIXES = [
  'affix',
  'alert',
  'anchor',
  'app',
  'avatar',
  'badge',
  'breadcrumb',
  'card',
  'carousel',
  'cascader',
  'collapse',
  'color-picker',
  'descriptions',
  'divider',
  'float-btn',
  'image',
  'layout',
  'masonry',
  'mentions',
  'menu',
  'message',
  'notification',
  'picker-calendar',
  'popconfirm',
  'progress',
  'qrcode',
  'rate',
  'result',
  'ribbon',
  'scroll-number',
  'skeleton',
  'splitter',
  'statistic',
  'tag',
  'tour',
  'transfer',
  'tree',
  'typography',
  'watermark',
] as const;

// Prefixes that begin like a dropped one but belong to a component in use.
const KEPT_LONGER = ['ant-tree-select'];

/** Whether a class name belongs to a component of UNUSED_ANTD_PREFIXES. */
export const isUnusedAntdClass = (name: string): boolean =>
  !KEPT_LONGER.some((kept) => name === kept || name.startsWith(`${kept}-`)) &&
  UNUSED_ANTD_PREFIXES.some((prefix) => name === `ant-${prefix}` || name.startsWith(`ant-${prefix}-`));

// The class names a selector requires: its compound parts' classes, not those inside :not(…),
// :where(…) or an attribute selector (which may be absent or optional).
const requiredClasses = (selector: string): string[] => {
  const names: string[] = [];
  let depth = 0;
  for (let i = 0; i < selector.length; i++) {
    const c = selector[i];
    if (c === '(' || c === '[') depth++;
    else if (c === ')' || c === ']') depth--;
    else if (c === '.' && depth === 0) {
      const name = /^[\w-]+/.exec(selector.slice(i + 1))?.[0];
      if (name) names.push(name);
    }
  }
  return names;
};

/** antd.css without the rules of unused components: a selector requiring one of their classes matches nothing. */
export const pruneAntdCss = (css: string): string => {
  const root = postcss.parse(css);
  root.walkRules((rule) => {
    if (rule.parent?.type === 'atrule' && /keyframes$/.test((rule.parent as postcss.AtRule).name)) return;
    const selectors = rule.selectors.filter((s) => !requiredClasses(s).some(isUnusedAntdClass));
    if (selectors.length === 0) rule.remove();
    else if (selectors.length < rule.selectors.length) rule.selectors = selectors;
  });
  root.walkAtRules((at) => {
    if (at.nodes?.length === 0) at.remove();
  });
  return root.toString();
};
