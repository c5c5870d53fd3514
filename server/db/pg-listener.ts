import type { ClientConfig } from 'pg';

/** A PostgreSQL LISTEN that survives lost connections. */
export interface PgListener {
  close(): Promise<void>;
}

const RETRY_MIN_MS = 250;
const RETRY_MAX_MS = 5_000;

/**
 * Holds one dedicated connection that LISTENs on `channel` and hands every payload to `onPayload`. When the
 * connection drops (database restart, admin kill, network), it reconnects with backoff from 250 ms to 5 s and
 * listens again; `onReconnect` then runs, because notifications sent meanwhile are lost and callers must
 * assume anything changed (caches are dropped). Pool connections cannot LISTEN: a pool hands them around.
 */
export async function listenForever(
  config: ClientConfig,
  channel: string,
  onPayload: (payload: string) => void,
  onReconnect: () => void,
  log: (message: string) => void = (message) => console.warn(message),
): Promise<PgListener> {
  const { default: pg } = await import('pg');
  let closed = false;
  let current: InstanceType<typeof pg.Client> | null = null;
  let timer: NodeJS.Timeout | undefined;
  let delay = RETRY_MIN_MS;

  const connect = async (): Promise<void> => {
    const client = new pg.Client(config);
    client.on('notification', (message) => {
      if (message.channel === channel && message.payload !== undefined) onPayload(message.payload);
    });
    client.on('error', (err) => {
      log(`postgres: event listener lost its connection (${err.message}); reconnecting`);
      retry(client);
    });
    client.on('end', () => retry(client));
    await client.connect();
    await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    if (closed) {
      await client.end().catch(() => {});
      return;
    }
    current = client;
    delay = RETRY_MIN_MS;
  };

  const retry = (client: InstanceType<typeof pg.Client>) => {
    if (closed || current !== client) return;
    current = null;
    client.removeAllListeners('end');
    void client.end().catch(() => {});
    schedule();
  };

  const schedule = () => {
    if (closed || timer) return;
    timer = setTimeout(() => {
      timer = undefined;
      connect().then(onReconnect, (err: Error) => {
        log(`postgres: event listener cannot reconnect yet (${err.message})`);
        delay = Math.min(delay * 2, RETRY_MAX_MS);
        schedule();
      });
    }, delay);
    timer.unref();
  };

  await connect();
  return {
    async close() {
      closed = true;
      clearTimeout(timer);
      const client = current;
      current = null;
      if (client) {
        client.removeAllListeners('end');
        await client.end().catch(() => {});
      }
    },
  };
}
