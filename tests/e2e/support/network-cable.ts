import net from 'node:net';
import type { BrowserContext } from 'playwright-core';

/**
 * A TCP pass-through between the browser and the server that a test can unplug, as a network drop
 * would: open connections are cut and new ones are closed at once.
 *
 * Playwright's `context.setOffline(true)` alone is not a network drop. Right after a navigation the
 * new document's first requests can go out un-emulated (Chromium 156, Playwright 1.65): the server
 * receives them and Playwright reports nothing. Offline tests set both, so a request that slips past
 * the emulation meets no server.
 */
export interface NetworkCable {
  /** The address the browser uses instead of the server's. */
  readonly url: string;
  unplug(): void;
  plug(): void;
  /** Offline as a user has it: the browser says so (its emulation), and the cable is unplugged. */
  goOffline(context: BrowserContext): Promise<void>;
  /** Undoes `goOffline`. */
  goOnline(context: BrowserContext): Promise<void>;
  close(): Promise<void>;
}

export async function startNetworkCable(target: string): Promise<NetworkCable> {
  const { hostname, port } = new URL(target);
  const sockets = new Set<net.Socket>();
  let plugged = true;

  const track = (socket: net.Socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  };

  const server = net.createServer((client) => {
    if (!plugged) {
      client.destroy();
      return;
    }
    const upstream = net.connect(Number(port), hostname);
    track(client);
    track(upstream);
    client.pipe(upstream);
    upstream.pipe(client);
    client.on('error', () => upstream.destroy());
    upstream.on('error', () => client.destroy());
    client.once('close', () => upstream.destroy());
    upstream.once('close', () => client.destroy());
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port: ownPort } = server.address() as net.AddressInfo;

  const cable: NetworkCable = {
    url: `http://127.0.0.1:${ownPort}`,
    unplug() {
      plugged = false;
      for (const socket of sockets) socket.destroy();
    },
    plug() {
      plugged = true;
    },
    async goOffline(context) {
      cable.unplug();
      await context.setOffline(true);
    },
    async goOnline(context) {
      cable.plug();
      await context.setOffline(false);
    },
    close() {
      for (const socket of sockets) socket.destroy();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
  return cable;
}
