import webpush from 'web-push';
import type { AppConfig } from '../../config';
import type { Db } from '../../db/connection';
import { getOrCreateSecret } from '../../platform/secrets';

/** The application server's VAPID key pair (RFC 8292), URL-safe base64 as browsers and web-push use them. */
export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

const SECRET_KEY = 'vapid_keys';

function parseKeys(stored: string): VapidKeys {
  const parsed = JSON.parse(stored) as Partial<VapidKeys>;
  const publicKey = parsed.publicKey ?? '';
  const privateKey = parsed.privateKey ?? '';
  // an uncompressed P-256 point and a 32-byte scalar; anything else cannot sign
  if (
    Buffer.from(publicKey, 'base64url').length !== 65 ||
    Buffer.from(privateKey, 'base64url').length !== 32
  ) {
    throw new Error(`stored secret ${SECRET_KEY} is not a VAPID key pair`);
  }
  return { publicKey, privateKey };
}

/**
 * Generated on first start and kept in the database: browsers bind each subscription to this public
 * key, so a new pair would silently orphan every existing subscription.
 */
export async function loadVapidKeys(db: Db): Promise<VapidKeys> {
  const stored = await getOrCreateSecret(db, SECRET_KEY, () => JSON.stringify(webpush.generateVAPIDKeys()));
  return parseKeys(stored);
}

/** The contact push services see in the VAPID token: the sender's e-mail address, else the app's URL. */
export function vapidSubject(config: Pick<AppConfig, 'mailFrom' | 'appUrl'>): string {
  const address = config.mailFrom.match(/<([^<>\s]+@[^<>\s]+)>/)?.[1] ?? config.mailFrom.trim();
  if (/^[^<>\s@]+@[^<>\s@]+$/.test(address)) return `mailto:${address}`;
  if (config.appUrl?.startsWith('https://')) return config.appUrl;
  return 'mailto:no-reply@affilio.local';
}
