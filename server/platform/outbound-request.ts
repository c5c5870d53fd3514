import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import { targetUrlProblem } from '../../contracts/integrations';
import { BlockedAddressError, isPublicAddress, publicOnlyLookup } from './safe-fetch';

/** One server-to-server call (a webhook, a publisher postback). */
export interface OutboundRequest {
  url: string;
  method: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
}

/** What came back: the status (null when there was no answer), the time it took and the first of the answer. */
export interface OutboundResult {
  statusCode: number | null;
  durationMs: number;
  /** the first `excerptBytes` of the answer (UTF-8) */
  excerpt: string;
  /** why there was no answer (timeout, refused address, connection error) */
  error: string | null;
}

export type OutboundSender = (request: OutboundRequest, signal?: AbortSignal) => Promise<OutboundResult>;

export interface OutboundOptions {
  /** false in production: loopback, private, link-local … addresses are refused (SSRF), at connect time */
  allowPrivate: boolean;
  /** the whole call, connect to last byte read */
  timeoutMs?: number;
  /** most of the answer read; the rest is not waited for */
  maxBytes?: number;
  excerptBytes?: number;
  userAgent?: string;
}

/**
 * Sends one request with bounded time and answer size, following no redirect (a 3xx is an answer, not an
 * acknowledgement), and refusing non-public targets unless allowed: checked on the address connected to, so
 * a name resolving elsewhere later (DNS rebinding) cannot slip past a check made when the URL was saved.
 * Never throws: failures come back as `error`.
 */
export function createOutboundSender(options: OutboundOptions): OutboundSender {
  const timeoutMs = options.timeoutMs ?? 10_000;
  const maxBytes = options.maxBytes ?? 64 * 1024;
  const excerptBytes = options.excerptBytes ?? 1024;
  return (request, signal) =>
    new Promise<OutboundResult>((resolve) => {
      const started = performance.now();
      let settled = false;
      const finish = (statusCode: number | null, body: Buffer, error: string | null) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        resolve({
          statusCode,
          durationMs: Math.round(performance.now() - started),
          excerpt: body
            .subarray(0, excerptBytes)
            .toString('utf8')
            .replace(/\uFFFD+$/, ''),
          error,
        });
      };
      let target: URL;
      try {
        target = new URL(request.url);
      } catch {
        return finish(null, Buffer.alloc(0), 'invalid URL');
      }
      if (target.protocol !== 'http:' && target.protocol !== 'https:') {
        return finish(null, Buffer.alloc(0), `refusing to send to ${target.protocol} URLs`);
      }
      const host = target.hostname.replace(/^\[|\]$/g, '');
      if (!options.allowPrivate && net.isIP(host) !== 0 && !isPublicAddress(host)) {
        return finish(null, Buffer.alloc(0), `${host} is not a public address`);
      }
      const client = target.protocol === 'https:' ? https : http;
      const req = client.request(target, {
        method: request.method,
        headers: {
          'user-agent': options.userAgent ?? 'Affilio-Webhooks/1.0',
          ...request.headers,
          ...(request.body === undefined
            ? {}
            : { 'content-length': String(Buffer.byteLength(request.body)) }),
        },
        ...(options.allowPrivate ? {} : { lookup: publicOnlyLookup as unknown as typeof dns.lookup }),
      });
      const timer = setTimeout(() => {
        req.destroy();
        finish(null, Buffer.alloc(0), `no answer within ${timeoutMs} ms`);
      }, timeoutMs);
      signal?.addEventListener('abort', () => {
        req.destroy();
        finish(null, Buffer.alloc(0), 'cancelled (server shutting down)');
      });
      req.on('response', (res) => {
        const status = res.statusCode ?? 0;
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (chunk: Buffer) => {
          chunks.push(chunk);
          size += chunk.length;
          if (size >= maxBytes) {
            res.destroy();
            finish(status, Buffer.concat(chunks), null);
          }
        });
        res.on('end', () => finish(status, Buffer.concat(chunks), null));
        res.on('error', () => finish(status, Buffer.concat(chunks), null));
        res.on('close', () => finish(status, Buffer.concat(chunks), null));
      });
      req.on('error', (err) => {
        const message =
          err instanceof BlockedAddressError
            ? err.message
            : `${(err as NodeJS.ErrnoException).code ?? ''} ${err.message}`.trim();
        finish(null, Buffer.alloc(0), message);
      });
      if (request.body !== undefined) req.write(request.body);
      req.end();
    });
}

/** The addresses a hostname resolves to (none when it does not resolve). */
export type ResolveHostAddresses = (hostname: string) => Promise<string[]>;

const LOOKUP_TIMEOUT_MS = 3000;

export const lookupAllAddresses: ResolveHostAddresses = async (hostname) => {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('DNS timeout')), LOOKUP_TIMEOUT_MS);
  });
  try {
    const found = await Promise.race([dns.promises.lookup(hostname, { all: true }), timeout]);
    return found.map((a) => a.address);
  } finally {
    clearTimeout(timer);
  }
};

/**
 * Why a URL the server is to call later must be refused when it is saved (SSRF), or null: not http(s),
 * localhost, or a host that is or resolves to a non-public address (unless private networks are allowed).
 * The sender checks again at connect time.
 */
export async function refusedTarget(
  url: string,
  rules: { allowPrivate: boolean; resolveHost?: ResolveHostAddresses },
): Promise<string | null> {
  const problem = targetUrlProblem(url);
  if (problem === 'invalid') return 'must be a valid URL';
  const parsed = new URL(url);
  if (problem === 'scheme') {
    return `scheme ${parsed.protocol.replace(/:$/, '')} is not allowed: use http or https`;
  }
  if (problem === 'credentials') return 'must not contain a user name or password';
  if (rules.allowPrivate) return null;
  const host = parsed.hostname.replace(/^\[|\]$/g, '');
  const name = host.replace(/\.$/, '').toLowerCase();
  const notPublic = `host ${host} is a local or private address; the server only calls public addresses`;
  if (name === 'localhost' || name.endsWith('.localhost')) return notPublic;
  if (net.isIP(host) !== 0) return isPublicAddress(host) ? null : notPublic;
  const addresses = await (rules.resolveHost ?? lookupAllAddresses)(host).catch(() => []);
  if (addresses.length === 0) return `host ${host} could not be found`;
  return addresses.every(isPublicAddress) ? null : notPublic;
}
