import { createECDH, randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  integrationDeliveries,
  integrationEvents,
  publisherPostbacks,
  webhookEndpoints,
} from '../../server/db/schema/integrations';
import { invoices, payouts } from '../../server/db/schema/billing';
import { media } from '../../server/db/schema/media';
import { notifications } from '../../server/db/schema/notifications';
import { clicks } from '../../server/db/schema/tracking';
import {
  badBodyValues,
  badWireValues,
  bodyFields,
  exampleOf,
  fieldName,
  operationsOf,
  urlOf,
  withValue,
  type JsonSchema,
  type OpenApiDocument,
  type Operation,
} from './support/openapi-inputs';
import { countChanges, tableCounter, type TableCounts } from './support/table-counts';
import { call, createTestApp, createUser, login, type TestApp } from './support/test-app';
import { approvedLink, clickOn, postback, type LinkFixture, type Party } from './support/tracking-fixtures';

/**
 * Generated bad input for every operation of the OpenAPI document: NUL, overlong strings, wrong types,
 * out-of-range numbers, impossible dates and bad UUIDs in each field, malformed JSON and wrong content
 * types for bodies, and anonymous calls. Every problem is collected and reported at once.
 */

type Role = 'advertiser' | 'publisher' | 'admin';
interface Account extends Party {
  email: string;
  password: string;
}

let t: TestApp;
const as = {} as Record<Role, Account>;
let bystanderId: string;
/** `link` is the campaign and application the sweep edits; `tracked` takes the clicks and conversions */
let link: LinkFixture;
let tracked: LinkFixture;
let otherCampaignId: string;
let websiteId: string;
let linkId: string;
let clickId: string;
let commissionId: string;
let notificationId: string;
let conversationId: string;
let mediaId: string;
let invoiceId: string;
let payoutId: string;
let apiKeyId: string;
let webhookId: string;
let postbackId: string;
let deliveryId: string;
let couponId: string;
let operations: Operation[];

/** what went wrong, by assertion */
const serverErrors: string[] = [];
const badErrorShapes: string[] = [];
const rowChanges: string[] = [];
const anonymousNot401: string[] = [];
const signedOut: string[] = [];
let requests = 0;
let sweepMs = 0;

let unique = 0;
const uniq = () => `${Date.now().toString(36)}-${(unique += 1)}`;

async function account(role: Role): Promise<Account> {
  const u = await createUser(t, { role });
  return { id: u.id, email: u.email, password: u.password, token: await login(t, u.email, u.password) };
}

/** Who calls an operation: someone allowed to. */
function roleFor(op: Operation): Role {
  if (op.path.startsWith('/api/admin/')) return 'admin';
  if (op.method === 'POST' && op.path.startsWith('/api/invoices')) return 'admin';
  if (op.path.startsWith('/api/websites')) return 'publisher';
  if (op.method === 'POST' && op.path === '/api/applications') return 'publisher';
  if (op.path.endsWith('/withdraw') || op.path === '/api/commissions/balance') return 'publisher';
  if (op.path.startsWith('/api/publisher-postbacks')) return 'publisher';
  return 'advertiser';
}

/** Real ids for path parameters, so a bad body or query reaches an existing resource. */
function pathValue(op: Operation, name: string): string {
  if (name === 'field') return 'company_name';
  if (name === 'code') return tracked.code;
  // currency pairs: /api/currency/rate/{from}/{to}, /api/currency/historical/{from}/{to}
  if (name === 'from') return 'EUR';
  if (name === 'to') return 'DKK';
  if (name === 'deliveryId') return deliveryId;
  const byResource: [string, () => string][] = [
    ['/api/campaigns/', () => link.campaign.id],
    ['/api/websites/', () => websiteId],
    ['/api/applications/', () => link.applicationId],
    ['/api/notifications/', () => notificationId],
    ['/api/conversations/', () => conversationId],
    ['/api/commissions/', () => commissionId],
    ['/api/media/', () => mediaId],
    ['/api/invoices/', () => invoiceId],
    ['/api/payouts/', () => payoutId],
    ['/api/api-keys/', () => apiKeyId],
    ['/api/webhooks/', () => webhookId],
    ['/api/publisher-postbacks/', () => postbackId],
    ['/api/coupons/', () => couponId],
    ['/api/admin/users/', () => bystanderId],
    ['/api/admin/websites/', () => websiteId],
    ['/api/publishers/', () => as.publisher.id],
    ['/api/advertisers/', () => as.advertiser.id],
  ];
  const found = byResource.find(([prefix]) => op.path.startsWith(prefix));
  if (!found) throw new Error(`no fixture for {${name}} of ${op.path}`);
  return found[1]();
}

const pushKeys = () => {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return { p256dh: ecdh.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url') };
};

/** Valid inputs where a generated example would not pass the service's own rules. */
const validBodies: Record<string, () => Record<string, unknown>> = {
  'POST /api/auth/login': () => ({ email: as.publisher.email, password: as.publisher.password }),
  'POST /api/auth/register': () => ({
    email: `bad-input-${uniq()}@test.example`,
    password: 'correct-horse-battery',
    name: 'Bad Input',
    role: 'publisher',
  }),
  'POST /api/campaigns': () => ({
    name: 'Bad input',
    category: 'travel',
    landing_url: 'https://shop.example/landing',
    currency: 'USD',
    commission_model: 'cpa',
    payout_minor: 1000,
  }),
  'POST /api/websites': () => ({
    url: `https://bad-input-${uniq()}.example`,
    name: 'Site',
    category: 'travel',
  }),
  'POST /api/applications': () => ({ campaign_id: otherCampaignId, website_id: websiteId }),
  'POST /api/campaigns/{id}/coupons': () => ({ code: `SWEEP-${uniq()}`, publisher_id: as.publisher.id }),
  'POST /api/postback': () => ({
    click_id: clickId,
    order_id: `order-${uniq()}`,
    amount: '10.00',
    secret: tracked.campaign.tracking_secret,
  }),
  'POST /api/my/push/subscribe': () => ({ endpoint: `https://push.example/${uniq()}`, keys: pushKeys() }),
};

/** Values by field name, before the generic example by type. */
const namedValues: Record<string, () => unknown> = {
  campaign_id: () => link.campaign.id,
  website_id: () => websiteId,
  publisher_id: () => as.publisher.id,
  advertiser_id: () => as.advertiser.id,
  actor_id: () => as.admin.id,
  link_id: () => linkId,
  click_id: () => clickId,
  order_id: () => `order-${uniq()}`,
  secret: () => tracked.campaign.tracking_secret,
  ids: () => [commissionId],
  amount: () => '10.00',
  currency: () => 'USD',
  email: () => `bad-input-${uniq()}@test.example`,
  // an ended month (invoices cover whole months)
  month: () =>
    new Date(Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth() - 1, 1))
      .toISOString()
      .slice(0, 7),
};

const example = (schema: JsonSchema, name: string) => exampleOf(schema, name, namedValues);

function validBody(op: Operation): Record<string, unknown> {
  const make = validBodies[`${op.method} ${op.path}`];
  if (make) return make();
  const body = op.body ? example(op.body, 'body') : {};
  return typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
}

function validQuery(op: Operation): Record<string, string> {
  const query: Record<string, string> = {};
  for (const p of op.params) {
    if (p.in === 'query' && p.required) query[p.name] = String(example(p.schema, p.name));
  }
  return query;
}

const short = (text: string) => (text.length > 200 ? `${text.slice(0, 200)}…` : text);

function hasDetail(res: LightMyRequestResponse): boolean {
  if (!String(res.headers['content-type'] ?? '').includes('application/json')) return false;
  try {
    return typeof (res.json() as { detail?: unknown }).detail === 'string';
  } catch {
    return false;
  }
}

let counts: () => Promise<TableCounts>;
let baseline: TableCounts;

/** Sends one request and records every way its answer breaks the rules. */
async function probe(op: Operation, input: string, request: InjectOptions, anonymous = false) {
  requests += 1;
  const res = await t.app.inject(request);
  const what = `${op.method} ${op.path} [${input}] → ${res.statusCode} ${short(res.body)}`;
  // BAD_INPUT_LOG=1 lists every request and its answer, to see what the sweep reached
  if (process.env.BAD_INPUT_LOG) console.log(what);
  if (res.statusCode >= 500) serverErrors.push(what);
  // the click route answers its 404/410 as small HTML pages on purpose; everything under /api is JSON
  if (res.statusCode >= 400 && op.path.startsWith('/api/') && !hasDetail(res)) badErrorShapes.push(what);
  if (anonymous && res.statusCode !== 401) anonymousNot401.push(what);
  if (!anonymous && res.statusCode === 401) signedOut.push(what);
  if (res.statusCode >= 400 && res.statusCode < 500) {
    const after = await counts();
    const changes = countChanges(baseline, after);
    if (changes.length) rowChanges.push(`${what}: ${changes.join(', ')}`);
    baseline = after;
  } else {
    // a call that went through may finish work after answering (buffered clicks, mail, pushes)
    await t.app.settle();
    await new Promise((r) => setTimeout(r, 5));
    baseline = await counts();
  }
}

interface Variation {
  path?: Record<string, string>;
  query?: Record<string, string | string[]>;
  /** raw body text; the operation's valid body when left out */
  body?: string;
  contentType?: string;
  anonymous?: boolean;
}

const MALFORMED_JSON = '{"name": "unterminated';

/** One request per (operation, field, bad value), then the whole-body and anonymous cases. */
async function sweep(op: Operation) {
  const token = as[roleFor(op)].token;
  const validPath = Object.fromEntries(
    op.params.filter((p) => p.in === 'path').map((p) => [p.name, pathValue(op, p.name)]),
  );
  const send = (input: string, v: Variation = {}) => {
    const body = v.body ?? (op.body ? JSON.stringify(validBody(op)) : undefined);
    const headers: Record<string, string> = {};
    if (op.bearer && !v.anonymous) headers.authorization = `Bearer ${token}`;
    if (body !== undefined) headers['content-type'] = v.contentType ?? 'application/json';
    const url = urlOf(op, { ...validPath, ...v.path }, { ...validQuery(op), ...v.query });
    const method = op.method as InjectOptions['method'];
    return probe(op, input, { method, url, headers, payload: body }, v.anonymous);
  };

  for (const param of op.params) {
    for (const bad of badWireValues()) {
      const input = `${param.in} ${param.name} = ${bad.label}`;
      const value = String(bad.value);
      await send(
        input,
        param.in === 'path' ? { path: { [param.name]: value } } : { query: { [param.name]: value } },
      );
    }
    if (param.in === 'query') {
      await send(`query ${param.name} given twice`, { query: { [param.name]: ['1', '2'] } });
    }
  }

  if (op.body) {
    for (const field of bodyFields(op.body)) {
      const name = String(field.path.filter((p) => typeof p === 'string').at(-1));
      for (const bad of badBodyValues(field.schema, name)) {
        const body = withValue(validBody(op), field.path, bad.value, example, op.body);
        await send(`body ${fieldName(field.path)} = ${bad.label}`, { body: JSON.stringify(body) });
      }
    }
    await send('malformed JSON body', { body: MALFORMED_JSON });
    await send('text/plain body', { contentType: 'text/plain' });
    await send('array for the body object', { body: '[1]' });
  }

  if (op.bearer) {
    // no token, and input that fails validation: the answer must still be 401
    const badPath = Object.fromEntries(Object.keys(validPath).map((name) => [name, 'not-a-uuid']));
    const badQuery = Object.fromEntries(
      op.params.filter((p) => p.in === 'query').map((p) => [p.name, 'a'.repeat(100_000)]),
    );
    const anonymous = { anonymous: true, path: badPath, query: badQuery };
    await send('anonymous, invalid input', {
      ...anonymous,
      body: op.body ? '["not", "an", "object"]' : undefined,
    });
    if (op.body) await send('anonymous, malformed JSON', { ...anonymous, body: MALFORMED_JSON });
  }
}

beforeAll(async () => {
  t = await createTestApp(
    { clickFlushMs: 1 },
    {
      sendPush: async () => ({ statusCode: 201 }),
      // nothing leaves the machine: verification finds no token, pushes are accepted
      verification: {
        fetchText: async (url) => ({ status: 404, body: '', url }),
        resolveTxt: async () => [],
      },
    },
  );
  as.advertiser = await account('advertiser');
  as.publisher = await account('publisher');
  as.admin = await account('admin');
  bystanderId = (await createUser(t, { role: 'advertiser' })).id;
  link = await approvedLink(t, as.advertiser, as.publisher);
  tracked = await approvedLink(t, as.advertiser, as.publisher, { pixel_enabled: true });
  const application = (
    await call(t, 'GET', `/api/applications/${link.applicationId}`, { token: as.publisher.token })
  ).json();
  websiteId = application.website_id;
  const other = await call(t, 'POST', '/api/campaigns', {
    token: as.advertiser.token,
    payload: { ...validBodies['POST /api/campaigns']!(), status: 'active' },
  });
  otherCampaignId = other.json().id;
  linkId = (await call(t, 'GET', '/api/tracking/links', { token: as.advertiser.token })).json()[0].id;
  clickId = (await clickOn(t, tracked.code)).clickId!;
  const conversion = await postback(t, {
    click_id: clickId,
    order_id: 'bad-input-order',
    amount: '10.00',
    secret: tracked.campaign.tracking_secret,
  });
  commissionId = conversion.json().commission_id;
  const [notification] = await t.database.db
    .insert(notifications)
    .values({ userId: as.advertiser.id, category: 'system', title: 'Hello' })
    .returning();
  notificationId = notification!.id;
  conversationId = (
    await call(t, 'POST', '/api/conversations', {
      token: as.advertiser.token,
      payload: { participant_ids: [as.publisher.id], body: 'Hello' },
    })
  ).json().id;
  // a row without stored bytes: the sweep reaches the media routes (downloads answer 404 for the file)
  const [file] = await t.database.db
    .insert(media)
    .values({
      ownerId: as.advertiser.id,
      filename: 'banner.png',
      contentType: 'image/png',
      sizeBytes: 1,
      storageKey: `files/bad-input-${randomBytes(4).toString('hex')}`,
    })
    .returning();
  mediaId = file!.id;
  const [invoice] = await t.database.db
    .insert(invoices)
    .values({
      number: 'INV-2000-0001',
      advertiserId: as.advertiser.id,
      month: '2000-01',
      status: 'issued',
      currency: 'USD',
      subtotalMinor: 1000n,
      feeBps: 1000,
      feeMinor: 100n,
      totalMinor: 1100n,
      issuedAt: new Date(),
    })
    .returning();
  invoiceId = invoice!.id;
  const [payout] = await t.database.db
    .insert(payouts)
    .values({
      publisherId: as.publisher.id,
      status: 'paid',
      amountMinor: 1000,
      currency: 'USD',
      reference: 'T-1',
    })
    .returning();
  payoutId = payout!.id;
  apiKeyId = (
    await call(t, 'POST', '/api/api-keys', {
      token: as.advertiser.token,
      payload: { name: 'Sweep', scope: 'read' },
    })
  ).json().id;

  // an endpoint, a postback and a delivery of each to reach their routes (rows: the URLs would need DNS)
  const [webhook] = await t.database.db
    .insert(webhookEndpoints)
    .values({
      ownerId: as.advertiser.id,
      url: 'https://hooks.example.com/affilio',
      events: ['conversion.created'],
      secret: `whsec_${randomBytes(24).toString('base64')}`,
    })
    .returning();
  webhookId = webhook!.id;
  const [postbackRow] = await t.database.db
    .insert(publisherPostbacks)
    .values({
      publisherId: as.publisher.id,
      url: 'https://tracker.example.com/pb?cid={click_id}',
      on: ['conversion'],
    })
    .returning();
  postbackId = postbackRow!.id;
  const [event] = await t.database.db
    .insert(integrationEvents)
    .values({ type: 'conversion.created', data: {} })
    .returning();
  const [delivery] = await t.database.db
    .insert(integrationDeliveries)
    .values({ eventId: event!.id, webhookId, type: 'conversion.created' })
    .returning();
  deliveryId = delivery!.id;
  couponId = (
    await call(t, 'POST', `/api/campaigns/${link.campaign.id}/coupons`, {
      token: as.advertiser.token,
      payload: { code: 'SWEEP-CODE', publisher_id: as.publisher.id },
    })
  ).json().id;

  const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as OpenApiDocument;
  operations = operationsOf(doc).filter((op) => !op.path.startsWith('/api/docs'));
  counts = await tableCounter(t);
  baseline = await counts();
  const started = Date.now();
  for (const op of operations) await sweep(op);
  sweepMs = Date.now() - started;
}, 180_000);
afterAll(() => t?.close());

const report = (problems: string[]) =>
  `${problems.length} of ${requests} requests (${operations.length} operations, ${sweepMs} ms):\n${problems.join('\n')}`;

describe('bad input to every operation of the OpenAPI document', () => {
  it('covers the document', () => {
    expect(operations.length).toBeGreaterThan(50);
    expect(requests).toBeGreaterThan(operations.length * 5);
    expect(baseline.size).toBeGreaterThan(10); // every table is counted
    // a 401 with a token means the sweep lost its session and tested nothing past authentication
    expect(signedOut, report(signedOut)).toEqual([]);
  });

  it('never answers 5xx', () => {
    expect(serverErrors, report(serverErrors)).toEqual([]);
  });

  it('answers every error as JSON { detail }', () => {
    expect(badErrorShapes, report(badErrorShapes)).toEqual([]);
  });

  it('leaves the row count of every table unchanged when it rejects a call', () => {
    expect(rowChanges, report(rowChanges)).toEqual([]);
  });

  it('answers anonymous calls to bearer operations 401, before validating their input', () => {
    expect(anonymousNot401, report(anonymousNot401)).toEqual([]);
  });
});

describe('GET /t/{code} with overlong sub-ids', () => {
  it('still redirects, and stores and passes on each sub-id cut to 255 characters', async () => {
    const fresh = await approvedLink(t, as.advertiser, as.publisher);
    const long = (n: number) => String(n).repeat(8_000);
    const query = `?${[1, 2, 3, 4, 5].map((n) => `sub${n}=${long(n)}`).join('&')}`;
    const { res, location, clickId: id } = await clickOn(t, fresh.code, { query, ip: '198.51.100.99' });
    expect(res.statusCode).toBe(302);
    const landing = new URL(location!);
    for (const n of [1, 2, 3, 4, 5]) expect(landing.searchParams.get(`sub${n}`)).toBe(long(n).slice(0, 255));

    let row: typeof clicks.$inferSelect | undefined;
    for (let tries = 0; !row && tries < 100; tries += 1) {
      [row] = await t.database.db.select().from(clicks).where(eq(clicks.id, id!));
      if (!row) await new Promise((r) => setTimeout(r, 20));
    }
    expect(row).toBeDefined();
    const subs = [row!.sub1, row!.sub2, row!.sub3, row!.sub4, row!.sub5];
    expect(subs).toEqual([1, 2, 3, 4, 5].map((n) => long(n).slice(0, 255)));
  });

  it('redirects with the first value of a repeated sub-id', async () => {
    const fresh = await approvedLink(t, as.advertiser, as.publisher);
    const { res, location } = await clickOn(t, fresh.code, {
      query: '?sub1=first&sub1=second',
      ip: '198.51.100.98',
    });
    expect(res.statusCode).toBe(302);
    expect(new URL(location!).searchParams.get('sub1')).toBe('first');
  });
});

describe('dates', () => {
  it('refuses impossible or out-of-range dates with a 422 that says what is wrong', async () => {
    const cases: [string, string, unknown, RegExp][] = [
      ['GET', '/api/commissions?from=2024-02-30', undefined, /from must be a real calendar date/],
      [
        'GET',
        '/api/commissions/totals?to=9999-12-31',
        undefined,
        /to must be between 2000-01-01 and 2100-12-31/,
      ],
      ['GET', '/api/admin/audit-log?from=2024-13-45', undefined, /from must be a real calendar date/],
      [
        'GET',
        '/api/admin/audit-log?to=0000-01-01',
        undefined,
        /to must be between 2000-01-01 and 2100-12-31/,
      ],
      ['POST', '/api/campaigns', { starts_at: '2024-02-30T25:61:00Z' }, /starts_at must be a real ISO 8601/],
      ['POST', '/api/campaigns', { ends_at: '1999-12-31T23:59:59Z' }, /ends_at must be between/],
    ];
    for (const [method, url, body, detail] of cases) {
      const token = url.startsWith('/api/admin/') ? as.admin.token : as.advertiser.token;
      const payload = body && { ...validBodies['POST /api/campaigns']!(), ...body };
      const res = await call(t, method as 'GET' | 'POST', url, { token, payload });
      expect([url, res.statusCode]).toEqual([url, 422]);
      expect(res.json().detail).toMatch(detail);
    }
  });

  it('accepts the edges of the range', async () => {
    const res = await call(t, 'GET', '/api/commissions?from=2000-01-01&to=2100-12-31', {
      token: as.advertiser.token,
    });
    expect(res.statusCode).toBe(200);
  });
});
