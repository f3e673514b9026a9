import { vi } from 'vitest';

/**
 * Keeps out of the test output the console messages that start with one of `expected`: one the
 * code logs by design where a test causes it, or a library's note the test cannot avoid. Any other
 * message is printed as usual. Returns the function that puts the console back.
 */
export function quietConsole(method: 'error' | 'warn', ...expected: string[]): () => void {
  const print = console[method];
  const spy = vi.spyOn(console, method).mockImplementation((...args: unknown[]) => {
    const text = args.map(String).join(' ');
    if (!expected.some((start) => text.startsWith(start))) print(...args);
  });
  return () => spy.mockRestore();
}
