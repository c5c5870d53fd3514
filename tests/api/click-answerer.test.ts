// The click answerer over real HTTP with a stand-in for Tracking: a link in the cache is answered at once
// (Tracking.click returns the outcome itself), one that is looked up when its lookup settles, and a failure on
// either path is a 500 with the `{detail}` body, never a connection left hanging.
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyBaseLogger } from 'fastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createClickAnswerer, createClickFastPath } from '../../server/modules/tracking/click-routes';
import type { ClickOutcome, Tracking } from '../../server/modules/tracking/service';

type Click = Tracking['click'];

let server: Server | null = null;
afterEach(async () => {
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve) ?? resolve(undefined));
  server = null;
});

/** A server whose only listener is the fast path over `click`; anything it does not take is a 418. */
async function serve(click: Click) {
  const log = { error: vi.fn() };
  const answer = createClickAnswerer({
    tracking: { click } as unknown as Tracking,
    countryHeader: null,
    log: log as unknown as FastifyBaseLogger,
  });
  const fastPath = createClickFastPath(answer, (req) => req.socket.remoteAddress ?? '');
  server = createServer((req, res) => {
    if (!fastPath(req, res)) res.writeHead(418).end();
  });
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const get = (path: string) =>
    new Promise<{ status: number; location?: string; body: string }>((resolve, reject) => {
      const req = request({ host: '127.0.0.1', port, path }, (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (body += chunk));
        res.on('end', () => resolve({ status: res.statusCode!, location: res.headers.location, body }));
      });
      // an answer that never comes fails the test instead of hanging it
      req.setTimeout(5_000, () => req.destroy(new Error(`no answer to ${path}`)));
      req.on('error', reject);
      req.end();
    });
  return { get, log };
}

const redirect = (clickId: string): ClickOutcome => ({
  kind: 'redirect',
  location: `https://shop.example/?click_id=${clickId}`,
  clickId,
});

describe('the click answerer', () => {
  it('redirects from a synchronous outcome (a cached link) and from a looked-up one', async () => {
    const click = vi.fn<Click>((req) =>
      req.code === 'cached' ? redirect('sync') : Promise.resolve(redirect('async')),
    );
    const { get } = await serve(click);
    expect(await get('/t/cached?sub1=a')).toMatchObject({
      status: 302,
      location: 'https://shop.example/?click_id=sync',
    });
    expect(await get('/t/looked-up')).toMatchObject({
      status: 302,
      location: 'https://shop.example/?click_id=async',
    });
    expect(click.mock.calls[0]![0]).toMatchObject({ code: 'cached', subs: ['a', null, null, null, null] });
  });

  it('answers 404 and 410 pages from either path', async () => {
    const { get } = await serve((req) =>
      req.code === 'gone'
        ? Promise.resolve({ kind: 'unavailable', message: 'This offer has ended.' })
        : { kind: 'unknown' },
    );
    const unknown = await get('/t/nope');
    expect(unknown.status).toBe(404);
    expect(unknown.body).toContain('Link not found');
    const gone = await get('/t/gone');
    expect(gone.status).toBe(410);
    expect(gone.body).toContain('This offer has ended.');
  });

  it('a failure thrown at once or a lookup that fails answers 500 with the error body, and is logged', async () => {
    const { get, log } = await serve((req) => {
      if (req.code === 'throws') throw new Error('boom');
      return Promise.reject(new Error('lookup failed'));
    });
    for (const path of ['/t/throws', '/t/rejects']) {
      const answer = await get(path);
      expect(answer.status, path).toBe(500);
      expect(JSON.parse(answer.body)).toEqual({ detail: 'Internal server error' });
    }
    expect(log.error).toHaveBeenCalledTimes(2);
  });
});
