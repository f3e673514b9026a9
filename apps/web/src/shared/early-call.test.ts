import { afterEach, describe, expect, it } from 'vitest';
import { EARLY_CALLS_GLOBAL, takeEarlyCall, type EarlyCall } from './early-call';

const started = (calls: Record<string, EarlyCall>) => ((window as unknown as Record<string, unknown>)[EARLY_CALLS_GLOBAL] = calls);
const call = (token: string, startedAt = 1_000): EarlyCall => ({ startedAt, token, response: Promise.resolve(new Response('{}')) });

afterEach(() => {
  delete (window as unknown as Record<string, unknown>)[EARLY_CALLS_GLOBAL];
});

describe('takeEarlyCall', () => {
  it('hands an early answer to the first request for its URL, once', () => {
    const early = call('t');
    started({ '/api/User/Info': early });
    expect(takeEarlyCall('/api/User/Info', 't', 2_000)).toBe(early.response);
    expect(takeEarlyCall('/api/User/Info', 't', 2_000)).toBeUndefined();
  });

  it('gives nothing for another URL, another token, a stale answer, or when nothing was started', () => {
    expect(takeEarlyCall('/api/User/Info', 't')).toBeUndefined();
    started({ '/api/User/Info': call('t'), '/api/Folder/Tree': call('t') });
    expect(takeEarlyCall('/api/Image/List', 't', 2_000)).toBeUndefined();
    expect(takeEarlyCall('/api/User/Info', 'other', 2_000)).toBeUndefined();
    expect(takeEarlyCall('/api/Folder/Tree', 't', 11_001)).toBeUndefined();
  });

  it('marks a URL asked before route-preload.js ran, so that the script does not send it again; only in the first 10 s', () => {
    expect(takeEarlyCall('/api/User/Info', 't', 2_000, 500)).toBeUndefined();
    const calls = (window as unknown as Record<string, Record<string, unknown>>)[EARLY_CALLS_GLOBAL]!;
    expect(calls['/api/User/Info']).toBe(true);
    // The app asking again finds no answer in the mark, and the mark is spent.
    expect(takeEarlyCall('/api/User/Info', 't', 2_000, 20_000)).toBeUndefined();
    expect(calls['/api/User/Info']).toBeUndefined();
    // Later than 10 s after the page started, nothing is marked.
    expect(takeEarlyCall('/api/Folder/Tree', 't', 30_000, 30_000)).toBeUndefined();
    expect(calls['/api/Folder/Tree']).toBeUndefined();
  });
});
