import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import { initI18n } from '../shared/i18n/i18n';
import { reloadSession } from '../shared/session';
import { contractViolations } from './fake-fetch';

// findBy… and waitFor wait up to 5 s: CI's two cores run the server suite and these at once, and a
// first render under that load can pass the library's 1 s default (a wait that succeeds returns at once).
configure({ asyncUtilTimeout: 5_000 });

// Tests read the en-US texts, so they quote the English wording.
await initI18n('en-US');

// Pages of plain HTML load antd when a part that uses it is first shown (lazyWithAntd). Loaded here,
// once per worker, antd's import does not count against the wait of the test that shows it first.
await import('../shared/ui/antd-scope');

// happy-dom lacks matchMedia, which antd's responsive helpers call.
if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
}

// No test reaches a real server. A test file's afterEach that restores the stubbed fetch runs
// before the one here that unmounts, so a query refetched in between (after a mutation) would go to
// happy-dom's own fetch, and to a refused connection on localhost:3000; it fails as offline instead.
globalThis.fetch = () => Promise.reject(new TypeError('Failed to fetch: tests fake the network (test/fake-fetch.ts)'));

// happy-dom reads a textarea's `border: none` (antd's, inside its count or clear wrapper) as a border
// width of "initial" rather than 0px, so antd's auto-sizing TextArea computes a NaN height and React
// warns. The repeated classes outweigh antd's selectors, whatever the order of the style sheets.
const textareaBorder = document.createElement('style');
textareaBorder.textContent = '.ant-input-affix-wrapper.ant-input-affix-wrapper > textarea.ant-input.ant-input { border-width: 0 }';
document.head.append(textareaBorder);

afterEach(() => {
  cleanup();
  sessionStorage.clear();
  localStorage.clear();
  reloadSession();
  // A fake that broke its contract (fakeEndpoint) fails the test that used it.
  const violations = contractViolations.splice(0);
  if (violations.length > 0) throw new Error(`Fakes broke their contracts:\n${violations.join('\n')}`);
});
