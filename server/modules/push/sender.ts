import dns, { type LookupAddress } from 'node:dns';
import https from 'node:https';
import net from 'node:net';
import webpush from 'web-push';
import { BlockedAddressError, isPrivateAddress } from '../../lib/safe-fetch';

/**
 * Sends one encrypted message to one push service: `webpush.sendNotification`'s shape, so tests can
 * wrap the real library (e.g. to trust a local push service's certificate) or replace it.
 */
export type SendNotification = (
  subscription: webpush.PushSubscription,
  payload: string,
  options: webpush.RequestOptions,
) => Promise<unknown>;

/** Status codes with which a push service says the subscription is gone for good (RFC 8030). */
export const GONE_STATUSES = [404, 410];

export function statusOf(err: unknown): number | undefined {
  return err instanceof webpush.WebPushError ? err.statusCode : undefined;
}

type LookupCallback = (
  err: NodeJS.ErrnoException | null,
  address: string | LookupAddress[],
  family?: number,
) => void;

/** Refuses hosts that resolve to a non-public address, at connect time (no DNS rebinding). */
function publicOnlyLookup(hostname: string, options: dns.LookupOptions, callback: LookupCallback): void {
  dns.lookup(hostname, { ...options, all: true }, (err, addresses) => {
    if (err) return callback(err, []);
    const list = addresses as LookupAddress[];
    if (list.length === 0 || list.some((a) => isPrivateAddress(a.address))) {
      return callback(new BlockedAddressError(`${hostname} resolves to a non-public address`), []);
    }
    if (options.all) return callback(null, list);
    const first = list[0]!;
    return callback(null, first.address, first.family);
  });
}

/**
 * The production sender: the web-push library over HTTPS. Endpoints come from browsers, i.e. from
 * users, so the server refuses to POST to loopback or private addresses on their behalf (SSRF).
 */
export function createWebPushSender(): SendNotification {
  const agent = new https.Agent({
    keepAlive: true,
    lookup: publicOnlyLookup as unknown as typeof dns.lookup,
  });
  return async (subscription, payload, options) => {
    const host = new URL(subscription.endpoint).hostname.replace(/^\[|\]$/g, '');
    // a literal IP skips the lookup above, so it is checked here
    if (net.isIP(host) !== 0 && isPrivateAddress(host)) {
      throw new BlockedAddressError(`push endpoint ${host} is not a public address`);
    }
    return webpush.sendNotification(subscription, payload, { ...options, agent });
  };
}
