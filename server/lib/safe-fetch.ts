import dns, { type LookupAddress } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';

export interface FetchTextResult {
  status: number;
  body: string;
  /** final URL after redirects */
  url: string;
}

export type TextFetcher = (url: string) => Promise<FetchTextResult>;

export interface SafeFetchOptions {
  /** false in production: loopback, private, link-local and other non-public addresses are refused */
  allowPrivate: boolean;
  timeoutMs?: number;
  maxRedirects?: number;
  maxBytes?: number;
}

export class BlockedAddressError extends Error {}

const blocked = new net.BlockList();
for (const [net4, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  blocked.addSubnet(net4, prefix, 'ipv4');
}
for (const [net6, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const) {
  blocked.addSubnet(net6, prefix, 'ipv6');
}

/** True for addresses a server-side fetch must never reach on behalf of a user (SSRF). */
export function isPrivateAddress(address: string): boolean {
  const mapped = address.toLowerCase().match(/^::ffff:(\d+\.\d+\.\d+\.\d+)$/);
  if (mapped?.[1]) return blocked.check(mapped[1], 'ipv4');
  const family = net.isIP(address);
  if (family === 0) return true;
  return blocked.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

type LookupCallback = (
  err: NodeJS.ErrnoException | null,
  address: string | LookupAddress[],
  family?: number,
) => void;

/** DNS lookup that refuses hosts resolving to a private address: checked at connect time, so rebinding cannot slip past. */
function guardedLookup(hostname: string, options: dns.LookupOptions, callback: LookupCallback): void {
  dns.lookup(hostname, { ...options, all: true }, (err, addresses) => {
    if (err) return callback(err, []);
    const list = addresses as LookupAddress[];
    const bad = list.find((a) => isPrivateAddress(a.address));
    if (bad || list.length === 0) {
      return callback(new BlockedAddressError(`${hostname} resolves to a non-public address`), []);
    }
    if (options.all) return callback(null, list);
    const first = list[0]!;
    return callback(null, first.address, first.family);
  });
}

/** GET a small text resource with bounded time, size and redirects; refuses non-public targets unless allowed. */
export function createSafeFetcher(options: SafeFetchOptions): TextFetcher {
  const timeoutMs = options.timeoutMs ?? 5000;
  const maxRedirects = options.maxRedirects ?? 3;
  const maxBytes = options.maxBytes ?? 256 * 1024;

  const once = (target: URL) =>
    new Promise<{ status: number; location?: string; body: string }>((resolve, reject) => {
      const host = target.hostname.replace(/^\[|\]$/g, '');
      if (!options.allowPrivate && net.isIP(host) && isPrivateAddress(host)) {
        return reject(new BlockedAddressError(`${host} is not a public address`));
      }
      const client = target.protocol === 'https:' ? https : http;
      const req = client.get(
        target,
        {
          timeout: timeoutMs,
          headers: { 'user-agent': 'AffilioVerifier/1.0', accept: 'text/html,text/plain;q=0.9,*/*;q=0.1' },
          ...(options.allowPrivate ? {} : { lookup: guardedLookup as unknown as typeof dns.lookup }),
        },
        (res) => {
          const status = res.statusCode ?? 0;
          if (status >= 300 && status < 400 && res.headers.location) {
            res.resume();
            return resolve({ status, location: res.headers.location, body: '' });
          }
          let size = 0;
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => {
            size += chunk.length;
            if (size > maxBytes) {
              res.destroy();
              return resolve({ status, body: Buffer.concat(chunks).toString('utf8') });
            }
            chunks.push(chunk);
          });
          res.on('end', () => resolve({ status, body: Buffer.concat(chunks).toString('utf8') }));
          res.on('error', reject);
        },
      );
      req.on('timeout', () => req.destroy(new Error(`no answer within ${timeoutMs} ms`)));
      req.on('error', reject);
    });

  return async (url) => {
    let current = new URL(url);
    for (let hop = 0; ; hop += 1) {
      if (current.protocol !== 'http:' && current.protocol !== 'https:') {
        throw new Error(`refusing to fetch ${current.protocol} URLs`);
      }
      const res = await once(current);
      if (res.location === undefined) return { status: res.status, body: res.body, url: current.toString() };
      if (hop >= maxRedirects) throw new Error(`more than ${maxRedirects} redirects`);
      current = new URL(res.location, current);
    }
  };
}
