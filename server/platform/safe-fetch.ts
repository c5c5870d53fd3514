import dns, { type LookupAddress } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import ipaddr from 'ipaddr.js';

export interface FetchTextResult {
  status: number;
  body: string;
  /** final URL after redirects */
  url: string;
}

export type TextFetcher = (url: string) => Promise<FetchTextResult>;

/** What a check of someone else's website may do: fetch a page (safely) and read DNS TXT records. */
export interface VerificationDeps {
  fetchText: TextFetcher;
  resolveTxt: (hostname: string) => Promise<string[][]>;
}

export interface SafeFetchOptions {
  /** false in production: loopback, private, link-local and other non-public addresses are refused */
  allowPrivate: boolean;
  timeoutMs?: number;
  maxRedirects?: number;
  maxBytes?: number;
}

export class BlockedAddressError extends Error {}
/** The site took longer than the fetcher's timeout to answer. */
export class FetchTimeoutError extends Error {
  constructor(readonly timeoutMs: number) {
    super(`no answer within ${timeoutMs} ms`);
  }
}
export class TooManyRedirectsError extends Error {
  constructor(readonly maxRedirects: number) {
    super(`more than ${maxRedirects} redirects`);
  }
}
/** A redirect to something other than http(s), such as file: */
export class UnsupportedProtocolError extends Error {
  constructor(readonly protocol: string) {
    super(`refusing to fetch ${protocol} URLs`);
  }
}

/**
 * `::a.b.c.d`: an IPv4-compatible address (::/96) as Node prints it, in DNS results too. ipaddr.js
 * reads this spelling as IPv4-mapped (`::ffff:a.b.c.d`), so it is refused by its spelling.
 */
const DOTTED_IPV4_COMPATIBLE = /^::[^:]*\./;

/**
 * True only for addresses on the public internet: what ipaddr.js calls `unicast` after unwrapping
 * IPv4-mapped IPv6. Everything else (loopback, private, link-local, CGNAT, documentation, multicast,
 * NAT64, 6to4, Teredo …) and anything that is not an IP address is refused (SSRF).
 */
export function isPublicAddress(address: string): boolean {
  if (DOTTED_IPV4_COMPATIBLE.test(address)) return false;
  let ip: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    ip = ipaddr.process(address);
  } catch {
    return false;
  }
  // ipaddr.js calls the deprecated IPv4-compatible block ::/96 (RFC 4291 §2.5.5.1) unicast,
  // but it is not routable
  if (ip instanceof ipaddr.IPv6 && ip.parts.slice(0, 6).every((part) => part === 0)) return false;
  return ip.range() === 'unicast';
}

type LookupCallback = (
  err: NodeJS.ErrnoException | null,
  address: string | LookupAddress[],
  family?: number,
) => void;

/**
 * A `lookup` for http(s) agents that refuses hosts resolving to any non-public address: checked at
 * connect time, so DNS rebinding cannot slip past a check made earlier.
 */
export function publicOnlyLookup(
  hostname: string,
  options: dns.LookupOptions,
  callback: LookupCallback,
): void {
  dns.lookup(hostname, { ...options, all: true }, (err, addresses) => {
    if (err) return callback(err, []);
    const list = addresses as LookupAddress[];
    if (list.length === 0 || !list.every((a) => isPublicAddress(a.address))) {
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
      if (!options.allowPrivate && net.isIP(host) !== 0 && !isPublicAddress(host)) {
        return reject(new BlockedAddressError(`${host} is not a public address`));
      }
      const client = target.protocol === 'https:' ? https : http;
      const req = client.get(
        target,
        {
          timeout: timeoutMs,
          headers: { 'user-agent': 'AffilioVerifier/1.0', accept: 'text/html,text/plain;q=0.9,*/*;q=0.1' },
          ...(options.allowPrivate ? {} : { lookup: publicOnlyLookup as unknown as typeof dns.lookup }),
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
      req.on('timeout', () => req.destroy(new FetchTimeoutError(timeoutMs)));
      req.on('error', reject);
    });

  return async (url) => {
    let current = new URL(url);
    for (let hop = 0; ; hop += 1) {
      if (current.protocol !== 'http:' && current.protocol !== 'https:') {
        throw new UnsupportedProtocolError(current.protocol);
      }
      const res = await once(current);
      if (res.location === undefined) return { status: res.status, body: res.body, url: current.toString() };
      if (hop >= maxRedirects) throw new TooManyRedirectsError(maxRedirects);
      current = new URL(res.location, current);
    }
  };
}
