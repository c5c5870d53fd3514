import net from 'node:net';
import type { BrowserContext, CDPSession, Frame, Page } from 'playwright-core';

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

const OFFLINE = { offline: true, latency: 0, downloadThroughput: -1, uploadThroughput: -1 };
const ONLINE = { ...OFFLINE, offline: false };

/**
 * Keeps the browser's own offline state on documents loaded while offline. With Chromium 150 and
 * Playwright 1.65, `context.setOffline(true)` fails the requests but a document loaded after it (a reload
 * served by the service worker) starts with `navigator.onLine === true`; a user offline has it false. So
 * while offline each page's emulation is set again, through its own CDP session, after every navigation.
 */
function offlineEmulation() {
  const sessions = new Map<Page, CDPSession>();
  const cleanups: (() => void)[] = [];
  const emulate = async (page: Page) => {
    let session = sessions.get(page);
    if (!session) {
      session = await page.context().newCDPSession(page);
      sessions.set(page, session);
    }
    await session.send('Network.emulateNetworkConditions', OFFLINE).catch(() => undefined);
  };
  const follow = (page: Page) => {
    const onNavigated = (frame: Frame) => {
      if (frame === page.mainFrame()) void emulate(page).catch(() => undefined);
    };
    page.on('framenavigated', onNavigated);
    cleanups.push(() => page.off('framenavigated', onNavigated));
    void emulate(page).catch(() => undefined);
  };
  return {
    async hold(context: BrowserContext) {
      for (const page of context.pages()) follow(page);
      context.on('page', follow);
      cleanups.push(() => context.off('page', follow));
    },
    async release() {
      for (const cleanup of cleanups.splice(0)) cleanup();
      for (const [, session] of sessions) {
        await session.send('Network.emulateNetworkConditions', ONLINE).catch(() => undefined);
        await session.detach().catch(() => undefined);
      }
      sessions.clear();
    },
  };
}

export async function startNetworkCable(target: string): Promise<NetworkCable> {
  const emulation = offlineEmulation();
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
      await emulation.hold(context);
    },
    async goOnline(context) {
      cable.plug();
      await emulation.release();
      await context.setOffline(false);
    },
    close() {
      for (const socket of sockets) socket.destroy();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
  return cable;
}
