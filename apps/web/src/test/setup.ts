import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import { initI18n } from '../shared/i18n/i18n';
import { reloadSession } from '../shared/session';
import { contractViolations } from './fake-fetch';

// findBy… and waitFor wait up to 5 s: CI's two cores run the server suite and these at once, and a
// first render under that load can pass the library's 1 s default (a wait that succeeds returns at once).
configure({ asyncUtilTimeout: 5_000 });

// Tests read the en-US texts, the ones the seed and the issue quote.
await initI18n('en-US');

// Pages of plain HTML load antd when a part that uses it is first shown (lazyWithAntd). Loaded here,
// once per worker, antd's import does not count against the wait of the test that shows it first.
await import('../shared/ui/antd-root');

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

afterEach(() => {
  cleanup();
  sessionStorage.clear();
  localStorage.clear();
  reloadSession();
  // A fake that broke its contract (fakeEndpoint) fails the test that used it.
  const violations = contractViolations.splice(0);
  if (violations.length > 0) throw new Error(`Fakes broke their contracts:\n${violations.join('\n')}`);
});
