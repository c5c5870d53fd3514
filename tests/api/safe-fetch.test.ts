import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSafeFetcher, isPublicAddress } from '../../server/platform/safe-fetch';

describe('isPublicAddress', () => {
  it.each([
    '127.0.0.1',
    '10.1.2.3',
    '172.20.0.1',
    '192.168.1.1',
    '169.254.169.254',
    '0.0.0.0',
    '100.64.0.1',
    '::1',
    'fd00::1',
    'fe80::1',
    '::ffff:127.0.0.1',
    '::ffff:10.0.0.1',
    'not-an-ip',
  ])('refuses %s', (ip) => expect(isPublicAddress(ip)).toBe(false));
  it.each(['8.8.8.8', '93.184.216.34', '2606:4700:4700::1111', '::ffff:8.8.8.8'])('allows %s', (ip) =>
    expect(isPublicAddress(ip)).toBe(true),
  );
});

describe('createSafeFetcher', () => {
  let server: http.Server;
  let port = 0;
  beforeAll(async () => {
    server = http.createServer((req, res) => {
      if (req.url === '/loop') return res.writeHead(302, { location: '/loop' }).end();
      if (req.url === '/big') return res.end('x'.repeat(100_000));
      if (req.url === '/slow') return setTimeout(() => res.end('late'), 2000);
      if (req.url === '/to-file') return res.writeHead(301, { location: 'file:///etc/passwd' }).end();
      return res.end('hello');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  it('refuses loopback by name and by address unless allowed', async () => {
    const strict = createSafeFetcher({ allowPrivate: false });
    await expect(strict(`http://localhost:${port}/`)).rejects.toThrow(
      'localhost resolves to a non-public address',
    );
    await expect(strict(`http://127.0.0.1:${port}/`)).rejects.toThrow('127.0.0.1 is not a public address');
    const open = createSafeFetcher({ allowPrivate: true });
    await expect(open(`http://127.0.0.1:${port}/`)).resolves.toMatchObject({ status: 200, body: 'hello' });
  });

  it('bounds redirects, size, time and schemes', async () => {
    const fetcher = createSafeFetcher({
      allowPrivate: true,
      maxRedirects: 3,
      maxBytes: 1000,
      timeoutMs: 300,
    });
    await expect(fetcher(`http://127.0.0.1:${port}/loop`)).rejects.toThrow('more than 3 redirects');
    const big = await fetcher(`http://127.0.0.1:${port}/big`);
    expect(big.body.length).toBeLessThanOrEqual(1000);
    await expect(fetcher(`http://127.0.0.1:${port}/slow`)).rejects.toThrow('no answer within 300 ms');
    await expect(fetcher(`http://127.0.0.1:${port}/to-file`)).rejects.toThrow('refusing to fetch file: URLs');
  });
});
