import { QueryClient, QueryClientProvider, onlineManager } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useMessageStream } from '../../../../src/features/messaging/hooks/use-message-stream';
import { clearToken, setToken } from '../../../../src/lib/token-storage';

const STREAM = '/api/messaging/stream';

/** A stream that has said "ready" and stays open until the test's signal aborts it. */
function openStream(signal: AbortSignal | null | undefined): Response {
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(new TextEncoder().encode('event: ready\ndata: {}\n\n'));
      signal?.addEventListener('abort', () => controller.error(new DOMException('aborted', 'AbortError')));
    },
  });
  return new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream' } });
}

let network = false;
const fetchMock = vi.fn((input: RequestInfo | URL, init?: RequestInit) => {
  if (!network) return Promise.reject(new TypeError('Failed to fetch'));
  const url = String(input);
  if (url.startsWith(STREAM)) return Promise.resolve(openStream(init?.signal));
  return Promise.resolve(new Response('{}', { status: 200 })); // the app's /api/health probe
});
const streamCalls = () => fetchMock.mock.calls.filter(([input]) => String(input).startsWith(STREAM)).length;

function wrapper({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={new QueryClient()}>{children}</QueryClientProvider>;
}

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockClear();
  setToken('token');
  onlineManager.setOnline(true);
});

afterEach(() => {
  onlineManager.setOnline(true);
  clearToken();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('live message stream', () => {
  it('stops trying while offline and reconnects at once when the app is back online', async () => {
    network = false;
    const { result, unmount } = renderHook(() => useMessageStream(true), { wrapper });

    // The first attempt gets no answer; then the app goes offline (a read found no answer either), and
    // the stream stops trying, its retry timer included.
    await waitFor(() => expect(streamCalls()).toBe(1));
    act(() => onlineManager.setOnline(false));
    await act(() => vi.advanceTimersByTimeAsync(120_000));
    expect(streamCalls()).toBe(1);
    expect(result.current.connected).toBe(false);

    // Back online: connected at once, without waiting for a retry delay.
    network = true;
    act(() => onlineManager.setOnline(true));
    await waitFor(() => expect(result.current.connected).toBe(true));
    expect(streamCalls()).toBe(2);
    unmount();
  });

  it('does not open the stream while the app starts offline, and opens it on reconnect', async () => {
    network = true;
    onlineManager.setOnline(false);
    const { result, unmount } = renderHook(() => useMessageStream(true), { wrapper });
    await act(() => vi.advanceTimersByTimeAsync(10_000));
    expect(streamCalls()).toBe(0);

    act(() => onlineManager.setOnline(true));
    await waitFor(() => expect(result.current.connected).toBe(true));
    expect(streamCalls()).toBe(1);
    unmount();
  });
});
