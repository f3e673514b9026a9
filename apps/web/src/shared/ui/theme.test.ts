import { theme as antdTheme } from 'antd';
import { afterEach, describe, expect, it, vi } from 'vitest';

const loadTheme = async (reduce: boolean) => {
  vi.resetModules();
  vi.stubGlobal('matchMedia', (query: string) => ({ matches: reduce && query === '(prefers-reduced-motion: reduce)', media: query }));
  return (await import('./theme')).theme;
};

afterEach(() => vi.unstubAllGlobals());

describe('console theme', () => {
  it('turns antd animations off for a user who asked for reduced motion', async () => {
    expect(antdTheme.getDesignToken(await loadTheme(true)).motion).toBe(false);
  });

  it('keeps them for everyone else', async () => {
    expect(antdTheme.getDesignToken(await loadTheme(false)).motion).toBe(true);
  });
});
