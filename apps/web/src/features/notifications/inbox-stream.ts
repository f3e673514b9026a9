import { ENDPOINTS } from '@ads/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { getToken } from '../../shared/session';
import { notificationKeys } from './api';

const API_BASE: string = import.meta.env.VITE_API_BASE ?? '';
const STREAM_PATH = ENDPOINTS['notifications.notificationStream'].path;

/** The first retry waits this long, each next one twice as long, up to the poll's minute. */
const FIRST_RETRY_MS = 2_000;
const LAST_RETRY_MS = 60_000;

type StreamEvent = 'ready' | 'inbox' | 'end' | string;

/** Splits server-sent events (blocks ending in a blank line) and answers each block's event name. */
async function* eventsOf(body: ReadableStream<Uint8Array>): AsyncGenerator<StreamEvent> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let text = '';
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return;
      text += decoder.decode(value, { stream: true }).replace(/\r\n?/g, '\n');
      let end: number;
      while ((end = text.indexOf('\n\n')) >= 0) {
        const block = text.slice(0, end);
        text = text.slice(end + 2);
        const name = /^event:\s*(.*)$/m.exec(block)?.[1];
        if (name) yield name.trim();
      }
    }
  } finally {
    reader.releaseLock();
  }
}

/**
 * The Action Center's live updates: while `enabled`, a stream of the server's events (GET
 * Notification/Stream) refreshes the poll as soon as the inbox changes. It is read with fetch, not
 * EventSource: the session is a bearer token (the seed's), which EventSource cannot send, and a
 * token in the URL would end up in logs. When the stream fails it is tried again, less and less
 * often; meanwhile the 60 s poll goes on as before. A server without the stream (404), a refusal
 * or the session's end stops it for good; unmounting (sign-out) closes it.
 */
export function useInboxStream(enabled: boolean): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!enabled) return;
    let stopped = false;
    let failures = 0;
    let controller: AbortController | undefined;
    let retry: ReturnType<typeof setTimeout> | undefined;
    const refresh = () => void queryClient.invalidateQueries({ queryKey: notificationKeys.lists() });

    /** Answers whether to try again. */
    const follow = async (): Promise<boolean> => {
      const token = getToken();
      if (!token) return false;
      controller = new AbortController();
      const response = await fetch(`${API_BASE}${STREAM_PATH}`, {
        headers: { Accept: 'text/event-stream', Authorization: `Bearer ${token}` },
        cache: 'no-store',
        signal: controller.signal,
      });
      if (!response.ok || !response.body) {
        // Too many tabs (429) or the server's trouble (5xx): later. Anything else will not change.
        return response.status === 429 || response.status >= 500;
      }
      for await (const event of eventsOf(response.body)) {
        if (event === 'end') return false;
        // Open again: what arrived while it was down is fetched now.
        if (event === 'ready' && failures > 0) refresh();
        if (event === 'ready') failures = 0;
        if (event === 'inbox') refresh();
      }
      return true;
    };

    const connect = () => {
      follow().then(
        (again) => schedule(again),
        () => schedule(true),
      );
    };
    const schedule = (again: boolean) => {
      if (stopped || !again) return;
      failures += 1;
      retry = setTimeout(connect, Math.min(LAST_RETRY_MS, FIRST_RETRY_MS * 2 ** (failures - 1)));
    };

    connect();
    return () => {
      stopped = true;
      clearTimeout(retry);
      controller?.abort();
    };
  }, [enabled, queryClient]);
}
