import dns from 'node:dns/promises';
import net from 'node:net';
import { unprocessable } from '../../platform/http-error';
import { isPublicAddress } from '../../platform/safe-fetch';

/** The addresses a hostname resolves to (none, or a rejection, when it does not resolve). */
export type ResolveHost = (hostname: string) => Promise<string[]>;

const LOOKUP_TIMEOUT_MS = 3000;

/** node:dns lookup (the system resolver the sender connects with), every address, bounded in time. */
export const lookupHost: ResolveHost = async (hostname) => {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`no DNS answer for ${hostname} within ${LOOKUP_TIMEOUT_MS} ms`)),
      LOOKUP_TIMEOUT_MS,
    );
  });
  try {
    const found = await Promise.race([dns.lookup(hostname, { all: true }), timeout]);
    return found.map((a) => a.address);
  } finally {
    clearTimeout(timer);
  }
};

export interface EndpointRules {
  /** local testing and intranet installs: any https endpoint, no address checks */
  allowPrivate: boolean;
  resolveHost: ResolveHost;
}

const NOT_PUBLIC = 'The push service address must be on the public internet, not a local or private address';

/**
 * Refuses at subscribe time an endpoint the server must not POST to later (SSRF): not https,
 * localhost, or a host that is or resolves to any non-public address. The sender checks again at
 * connect time, since what a name resolves to can change.
 */
export async function checkPushEndpoint(endpoint: string, rules: EndpointRules): Promise<void> {
  const url = URL.canParse(endpoint) ? new URL(endpoint) : null;
  if (url?.protocol !== 'https:') throw unprocessable('endpoint must be an https URL');
  if (rules.allowPrivate) return;

  const host = url.hostname.replace(/^\[|\]$/g, '');
  const name = host.replace(/\.$/, '');
  if (name === 'localhost' || name.endsWith('.localhost')) throw unprocessable(NOT_PUBLIC);
  if (net.isIP(host) !== 0) {
    if (!isPublicAddress(host)) throw unprocessable(NOT_PUBLIC);
    return;
  }
  const addresses = await rules.resolveHost(host).catch(() => []);
  if (addresses.length === 0) throw unprocessable('The push service address could not be found');
  if (!addresses.every(isPublicAddress)) throw unprocessable(NOT_PUBLIC);
}
