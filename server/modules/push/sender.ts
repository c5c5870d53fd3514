import type dns from 'node:dns';
import https from 'node:https';
import net from 'node:net';
import webpush from 'web-push';
import { BlockedAddressError, isPublicAddress, publicOnlyLookup } from '../../platform/safe-fetch';

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

/**
 * The production sender: the web-push library over HTTPS. Endpoints come from browsers, i.e. from
 * users, so unless private networks are allowed the server refuses to POST to loopback, private or
 * other non-public addresses on their behalf (SSRF), checked again at connect time.
 */
export function createWebPushSender(options: { allowPrivate: boolean }): SendNotification {
  const agent = new https.Agent({
    keepAlive: true,
    ...(options.allowPrivate ? {} : { lookup: publicOnlyLookup as unknown as typeof dns.lookup }),
  });
  return async (subscription, payload, requestOptions) => {
    const host = new URL(subscription.endpoint).hostname.replace(/^\[|\]$/g, '');
    // a literal IP skips the lookup above, so it is checked here
    if (!options.allowPrivate && net.isIP(host) !== 0 && !isPublicAddress(host)) {
      throw new BlockedAddressError(`push endpoint ${host} is not a public address`);
    }
    return webpush.sendNotification(subscription, payload, { ...requestOptions, agent });
  };
}
