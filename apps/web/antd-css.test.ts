import fs from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { isUnusedAntdClass, pruneAntdCss } from './antd-css';

const squash = (css: string) => css.replace(/\s+/g, ' ').trim();

describe('pruneAntdCss', () => {
  it('drops the rules whose selectors need a class of a component the console never renders', () => {
    expect(squash(pruneAntdCss('.ant-menu-item{color:red}.ant-btn{color:blue}'))).toBe('.ant-btn{color:blue}');
  });

  it('keeps the selectors of a list that can still match', () => {
    expect(squash(pruneAntdCss('.ant-menu .ant-btn,.ant-modal .ant-btn{margin:0}'))).toBe('.ant-modal .ant-btn{margin:0}');
  });

  it('keeps a selector whose unused class is only inside :not(), :where() or an attribute', () => {
    const css = '.ant-btn:not(.ant-menu-item){a:b}.ant-input:where(.ant-card){c:d}.ant-select[class^="ant-menu"]{e:f}';
    expect(squash(pruneAntdCss(css))).toBe(squash(css));
  });

  it('tells TreeSelect (in use) from Tree (not rendered)', () => {
    expect(isUnusedAntdClass('ant-tree')).toBe(true);
    expect(isUnusedAntdClass('ant-tree-treenode')).toBe(true);
    expect(isUnusedAntdClass('ant-tree-select-dropdown')).toBe(false);
    expect(isUnusedAntdClass('ant-select-tree-node-content-wrapper')).toBe(false);
    expect(isUnusedAntdClass('ant-dropdown-menu-item')).toBe(false);
    expect(isUnusedAntdClass('ant-btn')).toBe(false);
  });

  it('removes an at-rule left empty and keeps keyframes', () => {
    const pruned = squash(pruneAntdCss('@media (max-width:575px){.ant-menu{a:b}}@keyframes antFadeIn{0%{opacity:0}to{opacity:1}}'));
    expect(pruned).toBe('@keyframes antFadeIn{0%{opacity:0}to{opacity:1}}');
  });

  it("shrinks antd's own stylesheet and keeps the components the console renders", () => {
    const source = fs.readFileSync(createRequire(import.meta.url).resolve('antd/dist/antd.css'), 'utf8');
    const pruned = pruneAntdCss(source);
    expect(pruned.length).toBeLessThan(source.length * 0.8);
    for (const kept of ['.ant-btn', '.ant-table', '.ant-select-dropdown', '.ant-picker-dropdown', '.ant-modal', '.ant-dropdown-menu-item', '.ant-tree-select-dropdown']) {
      expect(pruned.includes(`${kept}{`), kept).toBe(true);
    }
    expect(pruned.match(/\.ant-(menu|card|tree(?!-select))[{ .:-]/g) ?? []).toEqual([]);
  });
});
