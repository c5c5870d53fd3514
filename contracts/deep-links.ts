// Deep links: `/t/{code}?url=<encoded>` sends the visitor to `url` when it is on the campaign's allowed
// hosts, else to the landing page. One rule for the server's redirect and the client's link builder.
//
// The rule: `url` must parse as an absolute URL (WHATWG, as browsers read it: backslashes count as slashes,
// hosts are lower-cased and IDN hosts become punycode), use http or https, carry no user name or password,
// and its host must equal an allowed host, or be a subdomain of `example.com` when the list holds
// `*.example.com` (which allows `example.com` itself too). Anything else goes to the landing page: never
// an open redirect.

const HOST_LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;

/**
 * An allowed host as stored: lower-case ASCII (punycode for IDN), optionally `*.` in front; null when it is
 * no host name (a URL, a path, a port, credentials).
 */
export function normalizeDeepLinkHost(text: string): string | null {
  const trimmed = text.trim();
  const wildcard = trimmed.startsWith('*.');
  const name = wildcard ? trimmed.slice(2) : trimmed;
  if (name === '' || /[/\\@:?#\s*]/.test(name)) return null;
  let hostname: string;
  try {
    hostname = new URL(`http://${name}/`).hostname;
  } catch {
    return null;
  }
  const labels = hostname.split('.');
  if (labels.length < 2 || !labels.every((l) => HOST_LABEL.test(l))) return null;
  return wildcard ? `*.${hostname}` : hostname;
}

function hostAllowed(hostname: string, hosts: readonly string[]): boolean {
  return hosts.some((h) =>
    h.startsWith('*.') ? hostname === h.slice(2) || hostname.endsWith(h.slice(1)) : hostname === h,
  );
}

/** `url` as the redirect would send it, or null when the rule above sends the visitor to the landing page. */
export function allowedDeepLink(url: string, hosts: readonly string[]): URL | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return null;
  if (parsed.username !== '' || parsed.password !== '') return null;
  return hostAllowed(parsed.hostname, hosts) ? parsed : null;
}

/** The hosts a campaign allows: its list, or the landing URL's host when the list is empty. */
export function effectiveDeepLinkHosts(hosts: readonly string[], landingUrl: string): string[] {
  if (hosts.length > 0) return [...hosts];
  try {
    return [new URL(landingUrl).hostname];
  } catch {
    return [];
  }
}

export const DEEP_LINK_LIMITS = { maxHosts: 50, hostLength: 253 } as const;

/** Pays on renewals: for `months` after the first sale (null: the customer's life), a fixed amount or a share. */
export const RECURRING_LIMITS = { maxMonths: 120 } as const;
