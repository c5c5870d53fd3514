import { readFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../../server/config';
import { commissions } from '../../server/db/schema/commissions';
import { exchangeRateHistory } from '../../server/db/schema/currency';
import { invoices } from '../../server/db/schema/billing';
import { auditLog } from '../../server/db/schema/platform';
import { updateSettings } from '../../server/platform/settings';
import { call, createSecondInstance, createTestApp, type TestApp } from './support/test-app';
import { startReceiver, type Receiver } from './support/receiver';
import { approvedLink, clickOn, party, postback, type Party } from './support/tracking-fixtures';

// Every scheduled job running in two instances on one PostgreSQL, on its own timers, as in production:
// each due piece of work is done once. Instance `host` only makes the fixtures (its jobs are off, as in
// every test); `one` and `two` run the jobs.
const onPostgres = Boolean(process.env.DATABASE_URL);
const FIXTURE = readFileSync(new URL('./fixtures/eurofxref-daily.xml', import.meta.url), 'utf8');
const today = () => new Date().toISOString().slice(0, 10);
const DAY_MS = 86_400_000;
const PENDING = 12;
const CONVERSIONS = 6;

let host: TestApp;
let one: TestApp;
let two: TestApp;
let adv: Party;
let pub: Party;
let receiver: Receiver;
let provider: http.Server;
let rateFetches = 0;
let pendingIds: string[] = [];
let invoicedId = '';

const jobs = () =>
  testConfig({
    allowPrivateNetworks: true,
    commissionAutoApproveIntervalMs: 100,
    invoiceJobIntervalMs: 100,
    // first run shortly after start (today's rates are missing), the next one a minute later
    ratesRefreshIntervalMs: 60_000,
    delivery: { ...testConfig().delivery, pollMs: 50 },
  });

async function within(limitMs: number, check: () => Promise<boolean>): Promise<void> {
  const deadline = Date.now() + limitMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`not within ${limitMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

beforeAll(async () => {
  if (!onPostgres) return;
  receiver = await startReceiver();
  provider = http.createServer((_req, res) => {
    rateFetches++;
    // slow enough that both instances' first runs overlap
    setTimeout(
      () => res.writeHead(200, { 'content-type': 'text/xml' }).end(FIXTURE.replace('2025-01-15', today())),
      200,
    );
  });
  await new Promise<void>((resolve) => provider.listen(0, '127.0.0.1', resolve));
  host = await createTestApp({ allowPrivateNetworks: true });
  const db = host.database.db;
  await updateSettings(db, {
    ratesProviderUrl: `http://127.0.0.1:${(provider.address() as AddressInfo).port}/rates.xml`,
  });
  adv = await party(host, 'advertiser');
  pub = await party(host, 'publisher');
  const link = await approvedLink(host, adv, pub);
  const base = {
    amountMinor: 1000,
    currency: 'USD',
    campaignId: link.campaign.id,
    advertiserId: adv.id,
    publisherId: pub.id,
  };
  // past the 30-day hold: the approval job's work
  const pending = await db
    .insert(commissions)
    .values(
      Array.from({ length: PENDING }, () => ({
        ...base,
        kind: 'conversion' as const,
        status: 'pending' as const,
        createdAt: new Date(Date.now() - 40 * DAY_MS),
      })),
    )
    .returning({ id: commissions.id });
  pendingIds = pending.map((r) => r.id);
  // approved last month: the monthly invoice job's work
  const now = new Date();
  const lastMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 10));
  const [invoiced] = await db
    .insert(commissions)
    .values({
      ...base,
      kind: 'conversion',
      status: 'approved',
      decidedAt: lastMonth,
      createdAt: lastMonth,
    })
    .returning({ id: commissions.id });
  invoicedId = invoiced!.id;
  // the deliveries' work: a webhook endpoint that conversions will be sent to
  const hook = await call(host, 'POST', '/api/webhooks', {
    token: adv.token,
    payload: { url: `${receiver.url}/hook`, events: ['conversion.created'] },
  });
  expect(hook.statusCode, hook.body).toBe(201);
  for (let i = 0; i < CONVERSIONS; i++) {
    const { clickId } = await clickOn(host, link.code, { ip: `203.0.113.${i + 1}` });
    const res = await postback(host, {
      click_id: clickId,
      order_id: `jobs-${i}`,
      amount: '10.00',
      secret: link.campaign.tracking_secret,
    });
    expect(res.statusCode, res.body).toBe(201);
  }
  [one, two] = await Promise.all([createSecondInstance(host, jobs()), createSecondInstance(host, jobs())]);
}, 60_000);

afterAll(async () => {
  await two?.close();
  await one?.close();
  await host?.close();
  await receiver?.stop();
  provider?.closeAllConnections();
  if (provider) await new Promise((resolve) => provider.close(resolve));
});

describe.skipIf(!onPostgres)('scheduled jobs in two instances on one PostgreSQL', () => {
  it('hold-period approval: every commission past its hold approved once (one audit entry each)', async () => {
    const db = host.database.db;
    await within(10_000, async () => {
      const rows = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(commissions)
        .where(and(inArray(commissions.id, pendingIds), eq(commissions.status, 'approved')));
      return rows[0]!.n === PENDING;
    });
    // a few more ticks of both instances change nothing
    await new Promise((resolve) => setTimeout(resolve, 500));
    const entries = await db
      .select({ id: auditLog.entityId })
      .from(auditLog)
      .where(and(eq(auditLog.action, 'commission.auto_approved'), inArray(auditLog.entityId, pendingIds)));
    expect(entries).toHaveLength(PENDING);
    expect(new Set(entries.map((e) => e.id)).size).toBe(PENDING);
  });

  it('monthly invoices: last month’s draft made once for the advertiser', async () => {
    const db = host.database.db;
    await within(10_000, async () => {
      const [row] = await db.select().from(commissions).where(eq(commissions.id, invoicedId));
      return row!.invoiceId !== null;
    });
    await new Promise((resolve) => setTimeout(resolve, 500));
    const made = await db.select().from(invoices).where(eq(invoices.advertiserId, adv.id));
    expect(made).toHaveLength(1);
    const generated = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'invoice.generated'), eq(auditLog.entityId, made[0]!.id)));
    expect(generated).toHaveLength(1);
  });

  it('exchange rates: the start-up refresh due in both instances fetches once', async () => {
    const db = host.database.db;
    await within(10_000, async () => {
      const rows = await db.select().from(exchangeRateHistory).where(eq(exchangeRateHistory.day, today()));
      return rows.length > 0;
    });
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(rateFetches).toBe(1);
  });

  it('deliveries: each webhook sent once although both instances poll the outbox', async () => {
    const got = await receiver.waitFor(CONVERSIONS, (r) => r.url === '/hook', 10_000);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const ids = receiver.received.filter((r) => r.url === '/hook').map((r) => r.headers['webhook-id']);
    expect(got).toHaveLength(CONVERSIONS);
    expect(ids).toHaveLength(CONVERSIONS);
    expect(new Set(ids).size).toBe(CONVERSIONS);
  });
});
