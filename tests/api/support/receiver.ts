import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Received {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
  at: number;
}

/**
 * A local HTTP receiver for webhooks and postbacks: records every request, answers `status` (200 by default;
 * set 500 to fail, or `stop()` it to be unreachable and `start()` it again on the same port).
 */
export interface Receiver {
  url: string;
  port: number;
  received: Received[];
  status: number;
  /** answer body */
  reply: string;
  start(): Promise<void>;
  stop(): Promise<void>;
  /** resolves once `count` requests matching `filter` arrived (rejects after `timeoutMs`) */
  waitFor(count: number, filter?: (r: Received) => boolean, timeoutMs?: number): Promise<Received[]>;
}

export async function startReceiver(port = 0): Promise<Receiver> {
  let server: Server | null = null;
  const receiver: Receiver = {
    url: '',
    port,
    received: [],
    status: 200,
    reply: 'ok',
    async start() {
      server = createServer((req, res) => {
        const chunks: Buffer[] = [];
        req.on('data', (c: Buffer) => chunks.push(c));
        req.on('end', () => {
          receiver.received.push({
            method: req.method ?? '',
            url: req.url ?? '',
            headers: req.headers,
            body: Buffer.concat(chunks).toString('utf8'),
            at: Date.now(),
          });
          res.statusCode = receiver.status;
          res.end(receiver.reply);
        });
      });
      await new Promise<void>((resolve) => server!.listen(receiver.port, '127.0.0.1', resolve));
      receiver.port = (server!.address() as AddressInfo).port;
      receiver.url = `http://127.0.0.1:${receiver.port}`;
    },
    async stop() {
      const s = server;
      server = null;
      if (!s) return;
      s.closeAllConnections();
      await new Promise<void>((resolve) => s.close(() => resolve()));
    },
    async waitFor(count, filter = () => true, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const matching = receiver.received.filter(filter);
        if (matching.length >= count) return matching;
        if (Date.now() > deadline) {
          throw new Error(`receiver got ${matching.length} of ${count} requests within ${timeoutMs} ms`);
        }
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
  };
  await receiver.start();
  return receiver;
}
