/**
 * A real web push, end to end: the app encrypts and signs with the web-push library and POSTs over
 * HTTPS to a local server playing the push service, which decrypts the message with the browser-side
 * keys (RFC 8291, implemented here independently of web-push) and checks the VAPID token (RFC 8292).
 */
import { execFileSync } from 'node:child_process';
import { createECDH, hkdfSync, randomBytes, type ECDH, createDecipheriv } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { importJWK, jwtVerify } from 'jose';
import webpush from 'web-push';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { websites } from '../../server/db/schema/marketplace';
import { pushSubscriptions } from '../../server/db/schema/notifications';
import type { SendNotification } from '../../server/modules/push/sender';
import { call, createTestApp, createUser, login, type TestApp } from './support/test-app';

interface Received {
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

let dir: string;
let pushService: https.Server;
let origin: string;
const received: Received[] = [];
let t: TestApp;

beforeAll(async () => {
  // a throwaway self-signed certificate for 127.0.0.1, trusted only by this test's agent
  dir = mkdtempSync(path.join(tmpdir(), 'affilio-push-'));
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-keyout',
      path.join(dir, 'key.pem'),
      '-out',
      path.join(dir, 'cert.pem'),
      '-days',
      '1',
      '-subj',
      '/CN=127.0.0.1',
      '-addext',
      'subjectAltName=IP:127.0.0.1',
    ],
    { stdio: 'ignore' },
  );
  const cert = readFileSync(path.join(dir, 'cert.pem'));
  pushService = https.createServer({ key: readFileSync(path.join(dir, 'key.pem')), cert }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks) });
      // like a real push service: 201 Created, or 410 Gone for an expired subscription
      res.writeHead(req.url?.startsWith('/gone/') ? 410 : 201).end();
    });
  });
  await new Promise<void>((resolve) => pushService.listen(0, '127.0.0.1', resolve));
  origin = `https://127.0.0.1:${(pushService.address() as AddressInfo).port}`;

  // the real library; the only change is an agent that trusts the local push service's certificate
  const agent = new https.Agent({ ca: cert });
  const sendPush: SendNotification = (subscription, payload, options) =>
    webpush.sendNotification(subscription, payload, { ...options, agent });
  // the push service is on loopback, which only ALLOW_PRIVATE_NETWORKS lets a subscription point at
  t = await createTestApp(
    { mailFrom: 'Affilio <push@affilio.example>', allowPrivateNetworks: true },
    { sendPush },
  );
});

afterAll(async () => {
  await t?.close();
  await new Promise((resolve) => pushService?.close(resolve));
  rmSync(dir, { recursive: true, force: true });
});
beforeEach(() => {
  received.length = 0;
});

/** The browser side of a subscription: P-256 key pair and 16-byte auth secret, as PushManager makes them. */
interface Browser {
  ecdh: ECDH;
  auth: Buffer;
  endpoint: string;
}

async function subscribedUser(role: 'advertiser' | 'publisher', endpointPath = '/push/') {
  const u = await createUser(t, { role });
  const token = await login(t, u.email, u.password);
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const browser: Browser = {
    ecdh,
    auth: randomBytes(16),
    endpoint: `${origin}${endpointPath}${randomBytes(8).toString('hex')}`,
  };
  const res = await call(t, 'POST', '/api/my/push/subscribe', {
    token,
    payload: {
      endpoint: browser.endpoint,
      keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: browser.auth.toString('base64url') },
      userAgent: 'Test Browser',
    },
  });
  expect(res.statusCode).toBe(201);
  return { token, browser };
}

/** RFC 8291 + RFC 8188 (aes128gcm, one record): what the browser does with an incoming push. */
function decrypt(body: Buffer, browser: Browser): unknown {
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  const keyIdLength = body[20]!;
  const serverPublicKey = body.subarray(21, 21 + keyIdLength);
  const record = body.subarray(21 + keyIdLength);
  expect(keyIdLength).toBe(65);
  expect(record.length).toBeLessThanOrEqual(recordSize);

  const sharedSecret = browser.ecdh.computeSecret(serverPublicKey);
  const keyInfo = Buffer.concat([
    Buffer.from('WebPush: info\0'),
    browser.ecdh.getPublicKey(),
    serverPublicKey,
  ]);
  const ikm = Buffer.from(hkdfSync('sha256', sharedSecret, browser.auth, keyInfo, 32));
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, 'Content-Encoding: aes128gcm\0', 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, 'Content-Encoding: nonce\0', 12));
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(record.subarray(-16));
  const padded = Buffer.concat([decipher.update(record.subarray(0, -16)), decipher.final()]);
  // the last record ends with the delimiter 0x02, then zero padding
  let end = padded.length - 1;
  while (end > 0 && padded[end] === 0) end -= 1;
  expect(padded[end]).toBe(2);
  return JSON.parse(padded.subarray(0, end).toString('utf8'));
}

/** Checks `Authorization: vapid t=<JWT>, k=<public key>` the way a push service does. */
async function verifyVapid(header: string | string[] | undefined, expectedKey: string) {
  const match = /^vapid t=([\w-]+\.[\w-]+\.[\w-]+), k=([\w-]+)$/.exec(String(header));
  expect(match, String(header)).not.toBeNull();
  const [, jwt, key] = match!;
  expect(key).toBe(expectedKey);
  const point = Buffer.from(key!, 'base64url');
  const publicKey = await importJWK(
    {
      kty: 'EC',
      crv: 'P-256',
      x: point.subarray(1, 33).toString('base64url'),
      y: point.subarray(33, 65).toString('base64url'),
    },
    'ES256',
  );
  const { payload } = await jwtVerify(jwt!, publicKey, { algorithms: ['ES256'], audience: origin });
  expect(payload.sub).toBe('mailto:push@affilio.example');
  const now = Date.now() / 1000;
  expect(payload.exp).toBeGreaterThan(now);
  expect(payload.exp).toBeLessThanOrEqual(now + 24 * 3600);
}

const vapidKey = async (token: string) =>
  (await call(t, 'GET', '/api/my/push/subscriptions', { token })).json().vapid_public_key as string;

describe('real web push to a local push service', () => {
  it('delivers the test push encrypted for the subscription and signed with the app’s VAPID key', async () => {
    const { token, browser } = await subscribedUser('publisher');
    const res = await call(t, 'POST', '/api/my/push/test', { token });
    expect(res.json()).toEqual({ message: 'Test notification sent to 1 subscription.' });

    expect(received).toHaveLength(1);
    const [push] = received;
    expect(`${origin}${push!.path}`).toBe(browser.endpoint);
    expect(push!.headers['content-encoding']).toBe('aes128gcm');
    expect(push!.headers.ttl).toBe('86400');
    await verifyVapid(push!.headers.authorization, await vapidKey(token));
    expect(decrypt(push!.body, browser)).toEqual({
      title: 'Affilio test notification',
      body: 'Push notifications are working on this device.',
      icon: '/icons/icon-192.png',
      tag: 'push-test',
      data: { url: '/dashboard', type: 'system' },
    });
    // somebody else's keys cannot read it
    const stranger = { ...browser, ecdh: createECDH('prime256v1') };
    stranger.ecdh.generateKeys();
    expect(() => decrypt(push!.body, stranger)).toThrow();
  });

  it('delivers a domain event’s notification in the background', async () => {
    const adv = await subscribedUser('advertiser');
    const pub = await subscribedUser('publisher');
    const campaign = (
      await call(t, 'POST', '/api/campaigns', {
        token: adv.token,
        payload: {
          name: 'Spring Push',
          category: 'travel',
          landing_url: 'https://l.example',
          currency: 'USD',
          commission_model: 'cpa',
          payout_minor: 500,
          status: 'active',
        },
      })
    ).json();
    const site = (
      await call(t, 'POST', '/api/websites', {
        token: pub.token,
        payload: { url: 'https://push-delivery.example', name: 'Site', category: 'travel' },
      })
    ).json();
    await t.database.db
      .update(websites)
      .set({ verificationStatus: 'verified' })
      .where(eq(websites.id, site.id));
    const applied = await call(t, 'POST', '/api/applications', {
      token: pub.token,
      payload: { campaign_id: campaign.id, website_id: site.id },
    });
    expect(applied.statusCode).toBe(201);

    await vi.waitFor(() => expect(received).toHaveLength(1));
    const [push] = received;
    expect(`${origin}${push!.path}`).toBe(adv.browser.endpoint);
    await verifyVapid(push!.headers.authorization, await vapidKey(adv.token));
    const [notification] = (await call(t, 'GET', '/api/notifications/', { token: adv.token })).json();
    expect(decrypt(push!.body, adv.browser)).toEqual({
      title: 'New application for Spring Push',
      body: notification.body,
      icon: '/icons/icon-192.png',
      tag: `notification-${notification.id}`,
      data: {
        url: '/applications',
        type: 'application',
        id: applied.json().id,
        notification_id: notification.id,
      },
    });
  });

  it('removes the subscription when the push service answers 410 Gone', async () => {
    const { token, browser } = await subscribedUser('publisher', '/gone/');
    const res = await call(t, 'POST', '/api/my/push/test', { token });
    expect(res.json().message).toBe(
      'Test notification sent to 0 of 1 subscription. 1 subscription had expired and was removed.',
    );
    expect(received).toHaveLength(1);
    const rows = await t.database.db
      .select()
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.endpoint, browser.endpoint));
    expect(rows).toEqual([]);
  });
});
