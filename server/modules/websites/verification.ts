import type { TextFetcher } from '../../lib/safe-fetch';
import type { VerificationMethod } from './schema';

export interface VerificationDeps {
  fetchText: TextFetcher;
  resolveTxt: (hostname: string) => Promise<string[][]>;
}

export const VERIFY_FILE_PATH = '/.well-known/affilio-verify.txt';
export const META_NAME = 'affilio-verification';
export const dnsRecordValue = (token: string) => `affilio-verify=${token}`;

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

/** Checks one method against the site's origin; every failure carries a reason the publisher can act on. */
export async function checkVerification(
  site: { url: string; token: string },
  method: VerificationMethod,
  deps: VerificationDeps,
): Promise<VerificationOutcome> {
  try {
    if (method === 'file') {
      const res = await deps.fetchText(`${site.url}${VERIFY_FILE_PATH}`);
      if (res.status !== 200) return { ok: false, reason: `${VERIFY_FILE_PATH} answered HTTP ${res.status}` };
      return res.body.includes(site.token)
        ? { ok: true }
        : { ok: false, reason: `${VERIFY_FILE_PATH} does not contain the verification token` };
    }
    if (method === 'meta') {
      const res = await deps.fetchText(`${site.url}/`);
      if (res.status !== 200) return { ok: false, reason: `the home page answered HTTP ${res.status}` };
      return metaContents(res.body).includes(site.token)
        ? { ok: true }
        : { ok: false, reason: `no <meta name="${META_NAME}"> tag with the token on the home page` };
    }
    const records = (await deps.resolveTxt(new URL(site.url).hostname)).map((parts) => parts.join(''));
    return records.includes(dnsRecordValue(site.token))
      ? { ok: true }
      : { ok: false, reason: `no TXT record "${dnsRecordValue(site.token)}" found` };
  } catch (err) {
    return {
      ok: false,
      reason: `could not check the site: ${err instanceof Error ? err.message : String(err)}`,
    };
  }
}
