// How the platform keeps visitors' and users' addresses: salted SHA-256 (the `click_ip_salt` secret), never the
// address itself. Clicks, sign-ins and the fraud rules hash the same way, so they can be compared.
import { hash } from 'node:crypto';
import type { Db } from '../db/connection';
import { getOrCreateSecret } from './secrets';

/** the app secret that salts every address hash */
export const ADDRESS_SALT_KEY = 'click_ip_salt';

export const loadAddressSalt = (db: Db) => getOrCreateSecret(db, ADDRESS_SALT_KEY);

/** sha256(salt ‖ ip), 22 base64url characters; the one-shot `hash` costs half of a Hash object */
export function hashAddress(salt: string, ip: string): string {
  return hash('sha256', salt + ip, 'base64url').slice(0, 22);
}

/** The hash of the address's network: its /24 (IPv4) or /48 (IPv6); null for what is not an address. */
export function hashNetwork(salt: string, ip: string): string | null {
  const network = networkOf(ip);
  return network === null ? null : hash('sha256', `${salt}net:${network}`, 'base64url').slice(0, 22);
}

const IPV4 = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.\d{1,3}$/;

/** `a.b.c` of an IPv4 address (an IPv4-mapped IPv6 one too), or the first three groups of an IPv6 one. */
export function networkOf(ip: string): string | null {
  const mapped = ip.startsWith('::ffff:') ? ip.slice(7) : ip;
  const v4 = IPV4.exec(mapped);
  if (v4) return `${v4[1]}.${v4[2]}.${v4[3]}`;
  if (!ip.includes(':')) return null;
  const address = ip.split('%')[0]!.toLowerCase();
  const [head = '', tail] = address.split('::');
  const groups = head === '' ? [] : head.split(':');
  if (tail !== undefined) {
    const rest = tail === '' ? [] : tail.split(':');
    while (groups.length + rest.length < 8) groups.push('0');
    groups.push(...rest);
  }
  if (groups.length < 3) return null;
  return groups
    .slice(0, 3)
    .map((g) => g.replace(/^0+(?=.)/, ''))
    .join(':');
}
