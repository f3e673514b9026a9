import { ENDPOINTS, NOTIFICATION_POLL_MS } from '@ads/contracts';
import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { json } from '../../test/fake-fetch';
import { anInfo, fakeServer, PATHS, renderActionCenter } from './test-helpers';

const STREAM = ENDPOINTS['notifications.notificationStream'].path;
const bell = () => screen.getByRole('button', { name: /^Action Center/ });

/** A stream the test writes events into. */
function serverStream() {
  const encoder = new TextEncoder();
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const body = new ReadableStream<Uint8Array>({ start: (c) => void (controller = c) });
  return {
    response: () => new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream' } }),
    send: (event: string) => controller.enqueue(encoder.encode(`event: ${event}\ndata: {}\n\n`)),
    close: () => controller.close(),
  };
}

let consoleError: MockInstance<typeof console.error>;
beforeEach(() => {
  consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => {
  consoleError.mockRestore();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('Action Center: live updates', () => {
  it('updates the bell at once when the stream says the inbox changed, without waiting for the poll', async () => {
    const server = fakeServer([anInfo({ notificationId: 1, title: 'First' })]);
    const stream = serverStream();
    server.handle(STREAM, () => stream.response());
    renderActionCenter();
    await waitFor(() => expect(bell().getAttribute('aria-label')).toBe('Action Center 1'));
    await waitFor(() => expect(server.callsTo(STREAM)).toHaveLength(1));
    stream.send('ready');

    server.deliver(anInfo({ notificationId: 2, type: 20, title: 'Campaign to review' }));
    stream.send('inbox');
    // Well within the poll's minute: the event brought it.
    await waitFor(() => expect(bell().getAttribute('aria-label')).toBe('Action Center 2'), { timeout: 2000 });
    expect(server.callsTo(PATHS.list)).toHaveLength(2);
    stream.close();
  });

  it('falls back to the 60 s poll while the stream is down, and tries the stream again', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const server = fakeServer([anInfo({ notificationId: 1, title: 'First' })]);
    server.handle(STREAM, () => json(503, { errorCode: 'INTERNAL_ERROR', error: 'Down.' }));
    renderActionCenter();
    await waitFor(() => expect(bell().getAttribute('aria-label')).toBe('Action Center 1'));
    await waitFor(() => expect(server.callsTo(STREAM)).toHaveLength(1));

    server.deliver(anInfo({ notificationId: 2, title: 'Arrived while the stream was down' }));
    await act(() => vi.advanceTimersByTimeAsync(NOTIFICATION_POLL_MS));
    await waitFor(() => expect(bell().getAttribute('aria-label')).toBe('Action Center 2'));
    // Retried meanwhile (2 s, 4 s, 8 s … apart), quietly: nothing is shown.
    expect(server.callsTo(STREAM).length).toBeGreaterThan(2);
    expect(screen.queryByRole('alert')).toBeNull();

    // Back up: the stream's events are heard again.
    const stream = serverStream();
    server.handle(STREAM, () => stream.response());
    await act(() => vi.advanceTimersByTimeAsync(NOTIFICATION_POLL_MS));
    stream.send('ready');
    server.deliver(anInfo({ notificationId: 3, title: 'Live again' }));
    const polls = server.callsTo(PATHS.list).length;
    stream.send('inbox');
    await waitFor(() => expect(bell().getAttribute('aria-label')).toBe('Action Center 3'));
    expect(server.callsTo(PATHS.list).length).toBeGreaterThan(polls);
    stream.close();
  });

  it('stops for good when the server has no stream or the session ended', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const server = fakeServer([anInfo({ notificationId: 1, title: 'First' })]);
    server.handle(STREAM, () => json(404, { errorCode: 'NOT_FOUND', error: 'Not found' }));
    renderActionCenter();
    await waitFor(() => expect(server.callsTo(STREAM)).toHaveLength(1));
    await act(() => vi.advanceTimersByTimeAsync(3 * NOTIFICATION_POLL_MS));
    expect(server.callsTo(STREAM)).toHaveLength(1);
    // The poll goes on.
    expect(server.callsTo(PATHS.list).length).toBeGreaterThanOrEqual(4);
  });
});
