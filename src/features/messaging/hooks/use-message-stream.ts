import { onlineManager, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { getToken } from '../../../lib/token-storage';
import { messagingKeys } from '../api/messaging-keys';
import type { Message } from '../types';
import { addMessageToThread, pendingTwin } from '../utils/message-cache';
import { useOpenThread } from '../utils/open-thread';
import { SseParser } from '../utils/sse-parser';

const STREAM_URL = '/api/messaging/stream';
const MIN_RETRY_MS = 1000;
const MAX_RETRY_MS = 30_000;

function useDocumentVisible(): boolean {
  const [visible, setVisible] = useState(() => typeof document === 'undefined' || !document.hidden);
  useEffect(() => {
    const onChange = () => setVisible(!document.hidden);
    document.addEventListener('visibilitychange', onChange);
    return () => document.removeEventListener('visibilitychange', onChange);
  }, []);
  return visible;
}

function received(queryClient: QueryClient, message: Message): void {
  addMessageToThread(queryClient, message, pendingTwin(queryClient, message));
  void queryClient.invalidateQueries({ queryKey: messagingKeys.conversations() });
  void queryClient.invalidateQueries({ queryKey: messagingKeys.unread() });
}

/**
 * Keeps one live message stream open while signed in: new messages land in their cached thread and
 * refresh the conversation list and unread badge. It reads the server-sent events with fetch (the
 * bearer token goes in the Authorization header, which EventSource cannot send), reconnects with
 * Last-Event-ID after a drop, and reconnects when the open thread changes (the server then skips
 * notifications for it; a hidden tab counts as not looking). While the app is offline it makes no
 * attempt, and reconnects at once when the app is back online instead of on a timer grown meanwhile.
 */
export function useMessageStream(enabled: boolean): { connected: boolean } {
  const queryClient = useQueryClient();
  const openThread = useOpenThread();
  const visible = useDocumentVisible();
  const lastEventId = useRef<string | null>(null);
  const [connected, setConnected] = useState(false);
  const open = visible ? openThread : null;

  useEffect(() => {
    if (!enabled || typeof fetch !== 'function' || typeof TextDecoder === 'undefined') return;
    const controller = new AbortController();
    let retryMs = MIN_RETRY_MS;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let streaming = false;

    const connect = async () => {
      const token = getToken();
      if (!token) return;
      streaming = true;
      const url = open ? `${STREAM_URL}?open=${encodeURIComponent(open)}` : STREAM_URL;
      const headers: Record<string, string> = {
        Authorization: `Bearer ${token}`,
        Accept: 'text/event-stream',
      };
      if (lastEventId.current) headers['Last-Event-ID'] = lastEventId.current;
      try {
        const res = await fetch(url, { headers, signal: controller.signal, cache: 'no-store' });
        // signed out or the session ended: the next API call deals with it; no retry storm
        if (res.status === 401 || res.status === 403) {
          streaming = false;
          return;
        }
        if (!res.ok || !res.body) throw new Error(`stream answered ${res.status}`);
        const reader = res.body.getReader();
        const decoder = new TextDecoder();
        const parser = new SseParser();
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          for (const event of parser.push(decoder.decode(value, { stream: true }))) {
            if (event.event === 'ready') {
              setConnected(true);
              retryMs = MIN_RETRY_MS;
            } else if (event.event === 'message') {
              if (event.id) lastEventId.current = event.id;
              received(queryClient, JSON.parse(event.data) as Message);
            }
          }
        }
      } catch {
        if (controller.signal.aborted) return;
      }
      streaming = false;
      setConnected(false);
      if (controller.signal.aborted || !onlineManager.isOnline()) return;
      timer = setTimeout(() => void connect(), retryMs);
      retryMs = Math.min(retryMs * 2, MAX_RETRY_MS);
    };

    // Offline no attempt is made; back online it reconnects at once. (The stream's own failures do not
    // decide whether the app is offline: a proxy that breaks long responses must not take the app down.)
    const stopListening = onlineManager.subscribe((online) => {
      if (controller.signal.aborted) return;
      clearTimeout(timer);
      if (!online || streaming) return;
      retryMs = MIN_RETRY_MS;
      void connect();
    });

    if (onlineManager.isOnline()) void connect();
    return () => {
      stopListening();
      controller.abort();
      clearTimeout(timer);
      setConnected(false);
    };
  }, [enabled, open, queryClient]);

  return { connected };
}
