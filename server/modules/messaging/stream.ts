import type { ServerResponse } from 'node:http';
import type { Message } from './schema';

/** How often an idle stream gets a comment line, so proxies and browsers keep it open. */
export const DEFAULT_HEARTBEAT_MS = 25_000;
/** What a reconnecting client is sent at most before live events (older gaps: it reloads its lists). */
export const RESUME_LIMIT = 500;

function messageEvent(message: Message): string {
  return `id: ${message.seq}\nevent: message\ndata: ${JSON.stringify(message)}\n\n`;
}

/**
 * One open `GET /api/messaging/stream`. Live messages that arrive while the missed ones (Last-Event-ID)
 * are still being read are held back, then sent after them without repeats, so the order stays by seq.
 */
export class StreamClient {
  private held: Message[] | null = [];
  private lastSeq = 0;
  private closed = false;

  constructor(
    readonly userId: string,
    /** the thread the client shows; its messages notify nobody on this stream */
    readonly open: string | null,
    private readonly raw: ServerResponse,
  ) {}

  start(): void {
    this.raw.writeHead(200, {
      'Content-Type': 'text/event-stream; charset=utf-8',
      'Cache-Control': 'no-store',
      Connection: 'keep-alive',
      'X-Accel-Buffering': 'no',
      'X-Content-Type-Options': 'nosniff',
    });
    // `retry`: how long EventSource waits before reconnecting
    this.raw.write('retry: 3000\n\n');
  }

  /** Sends the missed messages (oldest first), then whatever arrived meanwhile, then goes live. */
  resume(missed: Message[]): void {
    for (const message of missed) this.write(message);
    const held = this.held ?? [];
    this.held = null;
    for (const message of held) this.write(message);
    this.send('event: ready\ndata: {}\n\n');
  }

  deliver(message: Message): void {
    if (this.held) this.held.push(message);
    else this.write(message);
  }

  heartbeat(): void {
    this.send(': heartbeat\n\n');
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.raw.end();
  }

  private write(message: Message): void {
    if (message.seq <= this.lastSeq) return;
    this.lastSeq = message.seq;
    this.send(messageEvent(message));
  }

  private send(text: string): void {
    if (!this.closed && !this.raw.writableEnded) this.raw.write(text);
  }
}

/** Every open stream, by user: who gets a new message live, and who is looking at which thread. */
export class MessageStreams {
  private readonly byUser = new Map<string, Set<StreamClient>>();
  private timer: NodeJS.Timeout | null = null;

  constructor(private readonly heartbeatMs: number = DEFAULT_HEARTBEAT_MS) {}

  add(client: StreamClient): void {
    const set = this.byUser.get(client.userId) ?? new Set();
    set.add(client);
    this.byUser.set(client.userId, set);
    if (!this.timer && this.heartbeatMs > 0) {
      this.timer = setInterval(() => this.each((c) => c.heartbeat()), this.heartbeatMs);
      this.timer.unref();
    }
  }

  remove(client: StreamClient): void {
    const set = this.byUser.get(client.userId);
    set?.delete(client);
    if (set?.size === 0) this.byUser.delete(client.userId);
    if (this.byUser.size === 0 && this.timer) {
      clearInterval(this.timer);
      this.timer = null;
    }
  }

  /** The user has the thread open on a live stream (they see new messages there without a notification). */
  isViewing(userId: string, conversationId: string): boolean {
    for (const client of this.byUser.get(userId) ?? []) if (client.open === conversationId) return true;
    return false;
  }

  deliver(message: Message, memberIds: readonly string[]): void {
    for (const userId of memberIds)
      for (const client of this.byUser.get(userId) ?? []) client.deliver(message);
  }

  get size(): number {
    let n = 0;
    for (const set of this.byUser.values()) n += set.size;
    return n;
  }

  /** Ends every stream (server shutdown); clients reconnect with Last-Event-ID to the next server. */
  closeAll(): void {
    const all: StreamClient[] = [];
    this.each((c) => all.push(c));
    for (const client of all) {
      client.close();
      this.remove(client);
    }
  }

  private each(fn: (client: StreamClient) => void): void {
    for (const set of this.byUser.values()) for (const client of set) fn(client);
  }
}
