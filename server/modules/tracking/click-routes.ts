import type { IncomingMessage, ServerResponse } from 'node:http';
import proxyAddr from '@fastify/proxy-addr';
import { parse as parseQuery } from 'fast-querystring';
import type { FastifyBaseLogger } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { clickParams, clickQuery, MAX_SUB_ID_LENGTH } from './schema';
import { DATABASE_RETRY_AFTER_SECONDS, isDatabaseUnreachable } from '../../platform/db-errors';
import { NO_SUB_IDS } from './click-buffer';
import { deepUrlOf } from './deep-links';
import { SUB_ID_KEYS, type ClickOutcome, type Tracking } from './service';

export const TEST_CLICK_HEADER = 'x-affilio-test';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const headerText = (value: string | string[] | undefined) =>
  (Array.isArray(value) ? value[0] : value) ?? null;

/** A path the fast path answers: `/t/` and a well-formed code, nothing after it but a query. */
const CLICK_PATH = /^\/t\/([A-Za-z0-9_-]{1,64})(?:\?|$)/;

/** The client's address, as Fastify's `request.ip` reads it with the same TRUST_PROXY. */
export type ClientAddress = (req: IncomingMessage) => string;

export function clientAddressFor(
  trust: boolean | string[] | ((address: string, hop: number) => boolean),
): ClientAddress {
  if (trust === false) return (req) => req.socket.remoteAddress ?? '';
  const trusts =
    typeof trust === 'function' ? trust : trust === true ? () => true : remembered(proxyAddr.compile(trust));
  return (req) => {
    const addresses = proxyAddr.all(req, trusts);
    return addresses[addresses.length - 1] ?? '';
  };
}

/**
 * An address list's verdict on an address, remembered: it depends on the address alone (not the hop),
 * and parsing the address was most of a redirect's address lookup; the proxies in front of a server
 * are a few addresses. Bounded, as forwarded addresses come from clients.
 */
function remembered(trusts: (address: string, hop: number) => boolean) {
  const known = new Map<string, boolean>();
  return (address: string, hop: number) => {
    let trusted = known.get(address);
    if (trusted === undefined) {
      if (known.size >= 1_000) known.clear();
      trusted = trusts(address, hop);
      known.set(address, trusted);
    }
    return trusted;
  };
}

/**
 * Sub-ids as the route's query schema (clickQuery) takes them, from the raw query string: Fastify's
 * parser (fast-querystring, `+` is a space, a malformed escape stays as sent), the first of a repeated
 * one, cut to MAX_SUB_ID_LENGTH without splitting a surrogate pair.
 */
function subIds(search: string): readonly (string | null)[] {
  if (search === '') return NO_SUB_IDS;
  const query = parseQuery(search) as Record<string, string | string[] | undefined>;
  const subs = SUB_ID_KEYS.map((key) => {
    const value = query[key];
    if (value === undefined) return null;
    return cutSubId(Array.isArray(value) ? (value[0] ?? '') : value);
  });
  return subs.every((s) => s === null) ? NO_SUB_IDS : subs;
}

function cutSubId(value: string): string {
  if (value.length <= MAX_SUB_ID_LENGTH) return value;
  const last = value.charCodeAt(MAX_SUB_ID_LENGTH - 1);
  return value.slice(0, last >= 0xd800 && last <= 0xdbff ? MAX_SUB_ID_LENGTH - 1 : MAX_SUB_ID_LENGTH);
}

// Built once: the headers of every redirect and of the two small pages.
const REDIRECT_CACHE_CONTROL = 'no-store';
const REDIRECT_REFERRER_POLICY = 'no-referrer-when-downgrade';
const PAGE_CSP = "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'";

/**
 * A small page that explains itself and links nowhere: no redirect target an attacker could choose. It
 * carries its own strict headers (the redirect path skips helmet's: a 302 gains nothing from them).
 */
function sendPage(res: ServerResponse, status: number, title: string, message: string): void {
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex"><title>${escapeHtml(title)}</title><style>body{font-family:system-ui,sans-serif;max-width:32rem;margin:15vh auto;padding:0 1rem;color:#222}h1{font-size:1.4rem}</style></head><body><h1>${escapeHtml(title)}</h1><p>${escapeHtml(message)}</p></body></html>`;
  res.writeHead(status, {
    'cache-control': 'no-store',
    'content-type': 'text/html; charset=utf-8',
    'x-content-type-options': 'nosniff',
    'content-security-policy': PAGE_CSP,
    'content-length': Buffer.byteLength(html),
  });
  res.end(html);
}

const UNKNOWN_TITLE = 'Link not found';
const UNKNOWN_MESSAGE = 'This tracking link does not exist. Check the address you were given.';
const INTERNAL_ERROR = JSON.stringify({ detail: 'Internal server error' });
const UNAVAILABLE = JSON.stringify({
  detail: 'The service is briefly unavailable. Try again in a few seconds.',
});

export interface ClickAnswererOptions {
  tracking: Tracking;
  /** CLICK_COUNTRY_HEADER, lower-cased, or null */
  countryHeader: string | null;
  log: FastifyBaseLogger;
}

/**
 * Answers `GET|HEAD /t/{code}` on node:http's own request and response: the whole redirect, with
 * nothing of Fastify's per-request work (routing, request/reply objects, hooks, query validation).
 * Both the fast path ahead of Fastify's router and the registered route (app.inject, the OpenAPI
 * document) answer through it.
 */
export function createClickAnswerer({ tracking, countryHeader, log }: ClickAnswererOptions) {
  const country = countryHeader?.toLowerCase() ?? null;

  const fail = (res: ServerResponse, err: unknown): void => {
    if (res.headersSent) {
      log.error({ err }, 'tracking link failed');
      return void res.destroy();
    }
    if (isDatabaseUnreachable(err)) {
      // an uncached link while the database is out of reach: the visitor's browser may try again
      log.warn({ err }, 'tracking link: the database is out of reach');
      res.writeHead(503, {
        'content-type': 'application/json; charset=utf-8',
        'content-length': Buffer.byteLength(UNAVAILABLE),
        'retry-after': String(DATABASE_RETRY_AFTER_SECONDS),
      });
      return void res.end(UNAVAILABLE);
    }
    log.error({ err }, 'tracking link failed');
    res.writeHead(500, {
      'content-type': 'application/json; charset=utf-8',
      'content-length': Buffer.byteLength(INTERNAL_ERROR),
    });
    res.end(INTERNAL_ERROR);
  };

  const send = (res: ServerResponse, outcome: ClickOutcome): void => {
    if (outcome.kind === 'unknown') return sendPage(res, 404, UNKNOWN_TITLE, UNKNOWN_MESSAGE);
    if (outcome.kind === 'unavailable') return sendPage(res, 410, 'Offer unavailable', outcome.message);
    res.writeHead(302, {
      location: outcome.location,
      'cache-control': REDIRECT_CACHE_CONTROL,
      'referrer-policy': REDIRECT_REFERRER_POLICY,
      'content-length': '0',
    });
    res.end();
  };

  /**
   * Answers at once when the link is in the cache (`tracking.click` is synchronous then); a link that has to
   * be looked up is answered when the lookup is done, and the promise returned settles after the answer.
   */
  return function answerClick(
    req: IncomingMessage,
    res: ServerResponse,
    code: string,
    search: string,
    ip: string,
  ): Promise<void> | undefined {
    let outcome: ClickOutcome | Promise<ClickOutcome>;
    try {
      const headers = req.headers;
      const test = headers[TEST_CLICK_HEADER];
      outcome = tracking.click({
        code,
        method: req.method ?? 'GET',
        ip,
        userAgent: headers['user-agent'] ?? '',
        referrer: headers.referer ?? null,
        subs: subIds(search),
        deepUrl: deepUrlOf(search),
        country: country ? headerText(headers[country]) : null,
        testToken: typeof test === 'string' ? test : null,
      });
      if (!(outcome instanceof Promise)) {
        send(res, outcome);
        return undefined;
      }
    } catch (err) {
      fail(res, err);
      return undefined;
    }
    return outcome.then(
      (answered) => {
        try {
          send(res, answered);
        } catch (err) {
          fail(res, err);
        }
      },
      (err: unknown) => fail(res, err),
    );
  };
}

export type ClickAnswerer = ReturnType<typeof createClickAnswerer>;

/**
 * The fast path, for the server's request listener ahead of Fastify: answers a well-formed
 * `GET|HEAD /t/{code}` and returns true, or returns false and leaves the request to Fastify (other
 * paths, other methods, codes the route would refuse anyway: the route answers those as before).
 */
export function createClickFastPath(answer: ClickAnswerer, clientAddress: ClientAddress) {
  return (req: IncomingMessage, res: ServerResponse): boolean => {
    const url = req.url;
    if (url === undefined || url.charCodeAt(0) !== 47 /* / */ || url.charCodeAt(1) !== 116 /* t */)
      return false;
    if (req.method !== 'GET' && req.method !== 'HEAD') return false;
    const match = CLICK_PATH.exec(url);
    if (!match) return false;
    const code = match[1]!;
    const queryAt = 3 + code.length;
    void answer(req, res, code, url.length > queryAt ? url.slice(queryAt + 1) : '', clientAddress(req));
    return true;
  };
}

const rawSearch = (url: string | undefined) => {
  const at = url?.indexOf('?') ?? -1;
  return at === -1 ? '' : url!.slice(at + 1);
};

/**
 * `GET /t/{code}` (HEAD too) as a Fastify route: in the OpenAPI document, and what app.inject reaches
 * (inject skips the server's listener). Over HTTP the fast path answers first; both use `answer`.
 */
export const clickRoutes: FastifyPluginAsyncZod<{ answer: ClickAnswerer }> = async (app, { answer }) => {
  app.get(
    '/t/:code',
    {
      logLevel: 'warn',
      helmet: false,
      schema: {
        tags: ['tracking'],
        summary: 'Tracking link: records a click and redirects to the campaign landing page',
        params: clickParams,
        querystring: clickQuery,
        security: [],
      },
    },
    async (request, reply) => {
      reply.hijack();
      await answer(request.raw, reply.raw, request.params.code, rawSearch(request.raw.url), request.ip);
    },
  );
};
