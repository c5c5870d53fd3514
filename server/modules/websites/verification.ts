import {
  BlockedAddressError,
  FetchTimeoutError,
  TooManyRedirectsError,
  UnsupportedProtocolError,
  type VerificationDeps,
} from '../../platform/safe-fetch';
import { dnsRecordValue, META_NAME, VERIFY_FILE_PATH } from '../../../contracts/websites';
import type { VerificationMethod } from './schema';

export { dnsRecordValue, META_NAME, VERIFY_FILE_PATH };

export type VerificationOutcome = { ok: true } | { ok: false; reason: string };

function metaContents(html: string): string[] {
  const found: string[] = [];
  for (const tag of html.match(/<meta\b[^>]*>/gi) ?? []) {
    const name = tag.match(/\bname\s*=\s*["']?([^"'\s>]+)/i)?.[1];
    const content = tag.match(/\bcontent\s*=\s*["']?([^"'\s>]+)/i)?.[1];
    if (name?.toLowerCase() === META_NAME && content) found.push(content);
  }
  return found;
}

/** Checks one method against the site's origin; every failure carries a sentence the publisher can act on. */
export async function checkVerification(
  site: { url: string; token: string },
  method: VerificationMethod,
  deps: VerificationDeps,
): Promise<VerificationOutcome> {
  const host = new URL(site.url).hostname;
  try {
    if (method === 'file') {
      const fileUrl = `${site.url}${VERIFY_FILE_PATH}`;
      const res = await deps.fetchText(fileUrl);
      if (res.status !== 200) return { ok: false, reason: fileMissingReason(fileUrl, res.status) };
      return res.body.includes(site.token)
        ? { ok: true }
        : { ok: false, reason: `The file at ${fileUrl} does not contain your verification token.` };
    }
    if (method === 'meta') {
      const res = await deps.fetchText(`${site.url}/`);
      if (res.status !== 200) {
        return {
          ok: false,
          reason: `Your home page ${site.url}/ answered HTTP ${res.status} instead of the page.`,
        };
      }
      return metaContents(res.body).includes(site.token)
        ? { ok: true }
        : {
            ok: false,
            reason: `We found no <meta name="${META_NAME}"> tag with your token on the home page ${site.url}/.`,
          };
    }
    const records = (await deps.resolveTxt(host)).map((parts) => parts.join(''));
    return records.includes(dnsRecordValue(site.token))
      ? { ok: true }
      : { ok: false, reason: dnsRecordMissingReason(host, site.token) };
  } catch (err) {
    return { ok: false, reason: failureReason(err, host, method, site.token) };
  }
}

/** The verification file is not there (or not readable); also used by the demo seed's failed website. */
export function fileMissingReason(fileUrl: string, status: number): string {
  return status === 404 || status === 410
    ? `We found no affilio-verify.txt file at ${fileUrl} (HTTP ${status}).`
    : `We could not read ${fileUrl}: the server answered HTTP ${status}.`;
}

const dnsRecordMissingReason = (host: string, token: string) =>
  `The DNS TXT record "${dnsRecordValue(token)}" was not found on ${host}.`;

/** Node's TLS error codes, in words. */
const TLS_REASONS: Record<string, (host: string) => string> = {
  CERT_HAS_EXPIRED: (h) => `The HTTPS certificate of ${h} has expired.`,
  CERT_NOT_YET_VALID: (h) => `The HTTPS certificate of ${h} is not valid yet.`,
  ERR_TLS_CERT_ALTNAME_INVALID: (h) => `The HTTPS certificate of ${h} was issued for a different name.`,
  DEPTH_ZERO_SELF_SIGNED_CERT: (h) =>
    `${h} uses a self-signed HTTPS certificate, which browsers do not trust.`,
  SELF_SIGNED_CERT_IN_CHAIN: (h) => `${h} uses a self-signed HTTPS certificate, which browsers do not trust.`,
  UNABLE_TO_VERIFY_LEAF_SIGNATURE: (h) =>
    `The HTTPS certificate of ${h} could not be verified; the server may not send its intermediate certificates.`,
  UNABLE_TO_GET_ISSUER_CERT_LOCALLY: (h) =>
    `The HTTPS certificate of ${h} could not be verified; the server may not send its intermediate certificates.`,
};

/**
 * A failed check as a sentence: the fetcher's and the resolver's errors (Node error codes, our own
 * error classes) become what happened, in words, never a raw message such as "getaddrinfo ENOTFOUND".
 */
function failureReason(err: unknown, host: string, method: VerificationMethod, token: string): string {
  if (err instanceof FetchTimeoutError) return `${host} did not answer within ${seconds(err.timeoutMs)}.`;
  if (err instanceof TooManyRedirectsError) {
    return `${host} redirected us more than ${err.maxRedirects} times, so we stopped following it.`;
  }
  if (err instanceof UnsupportedProtocolError) {
    return `${host} redirected us to a ${err.protocol.replace(/:$/, '')} address; we only follow http and https.`;
  }
  if (err instanceof BlockedAddressError) {
    return `${host} points to a private or local network address, which we do not connect to.`;
  }
  const code = (err as { code?: unknown } | null)?.code;
  switch (code) {
    case 'ENOTFOUND':
      return `We could not find ${host} in DNS.`;
    case 'ENODATA':
      // the name exists but has no TXT records at all
      return method === 'dns' ? dnsRecordMissingReason(host, token) : `We could not find ${host} in DNS.`;
    case 'EAI_AGAIN':
    case 'ETIMEOUT':
      return `The DNS lookup of ${host} did not finish in time; please try again in a few minutes.`;
    case 'ESERVFAIL':
    case 'EREFUSED':
      return `The DNS servers for ${host} answered with an error; please check the domain's DNS settings.`;
    case 'ECONNREFUSED':
      return `${host} refused the connection.`;
    case 'ECONNRESET':
    case 'EPIPE':
      return `${host} closed the connection before answering.`;
    case 'ETIMEDOUT':
      return `${host} did not answer in time.`;
    case 'EHOSTUNREACH':
    case 'ENETUNREACH':
      return `We could not reach ${host}; there is no network route to it.`;
  }
  if (typeof code === 'string') {
    const tls = TLS_REASONS[code];
    if (tls) return tls(host);
    if (code.startsWith('ERR_SSL') || code.startsWith('ERR_TLS') || code === 'EPROTO') {
      return `We could not set up a secure (HTTPS) connection to ${host}.`;
    }
  }
  return `We could not check ${host}; please try again later.`;
}

const seconds = (ms: number) =>
  ms === 1000 ? '1 second' : ms % 1000 === 0 ? `${ms / 1000} seconds` : `${ms} milliseconds`;
