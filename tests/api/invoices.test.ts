import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../../server/config';
import type { AppContext } from '../../server/context';
import { invoiceCounters, invoices, payouts } from '../../server/db/schema/billing';
import { commissions } from '../../server/db/schema/commissions';
import { notifications } from '../../server/db/schema/notifications';
import { auditLog } from '../../server/db/schema/platform';
import { runMonthlyInvoicing } from '../../server/modules/invoices/job';
import { previousMonth } from '../../server/modules/invoices/service';
import { pdfPageCount, pdfText } from './support/pdf';
import { call, createTestApp, type TestApp } from './support/test-app';
import { approvedLink, party, type LinkFixture, type Party } from './support/tracking-fixtures';

let t: TestApp;
let admin: Party;
let pub: Party;

beforeAll(async () => {
  t = await createTestApp();
  [admin, pub] = await Promise.all([party(t, 'admin'), party(t, 'publisher')]);
});
afterAll(() => t.close());

const db = () => t.database.db;
const get = (token: string, url: string) => call(t, 'GET', url, { token });
const post = (token: string, url: string, payload?: unknown) => call(t, 'POST', url, { token, payload });

/** The month before this one: ended, so it can be invoiced. */
const MONTH = previousMonth(new Date());
const [year, month] = MONTH.split('-').map(Number) as [number, number];
/** a moment on `day` of MONTH (UTC) */
const inMonth = (day: number, hour = 12) => new Date(Date.UTC(year, month - 1, day, hour));
const THIS_YEAR = new Date().getUTCFullYear();

interface CommissionOptions {
  amount: number;
  status?: 'pending' | 'approved' | 'rejected' | 'reversed' | 'paid';
  kind?: 'conversion' | 'click' | 'clawback';
  /** when it was approved; null: approved at creation (`created_at` counts) */
  decidedAt?: Date | null;
  createdAt?: Date;
  isTest?: boolean;
}

/** A commission on `link`'s campaign inserted as it would be after its decision. */
async function commission(link: LinkFixture, publisher: Party, o: CommissionOptions) {
  const decidedAt = o.decidedAt === undefined ? inMonth(10) : o.decidedAt;
  const [row] = await db()
    .insert(commissions)
    .values({
      kind: o.kind ?? 'conversion',
      status: o.status ?? 'approved',
      amountMinor: o.amount,
      currency: link.campaign.currency,
      campaignId: link.campaign.id,
      advertiserId: link.campaign.advertiser_id,
      publisherId: publisher.id,
      isTest: o.isTest ?? false,
      decidedAt,
      createdAt: o.createdAt ?? new Date((decidedAt ?? inMonth(5)).getTime() - 86_400_000),
    })
    .returning();
  return row!;
}

const generate = (payload: unknown) => post(admin.token, '/api/invoices/generate', payload);
const invoiceIdOf = async (commissionId: string) =>
  (await db().select().from(commissions).where(eq(commissions.id, commissionId)))[0]!.invoiceId;
const counter = async () =>
  (await db().select().from(invoiceCounters).where(eq(invoiceCounters.year, THIS_YEAR)))[0]?.lastNumber ?? 0;
const invoiceCount = async () =>
  (
    await db()
      .select({ n: sql<number>`count(*)::int` })
      .from(invoices)
  )[0]!.n;

/** An advertiser with one approved commission of MONTH on a fresh campaign. */
async function advertiserWithCommission(amount = 1000) {
  const adv = await party(t, 'advertiser');
  const link = await approvedLink(t, adv, pub);
  await commission(link, pub, { amount });
  return adv;
}

describe('generating a month’s invoices', () => {
  let adv: Party;
  let usdA: LinkFixture;
  let usdB: LinkFixture;
  let eur: LinkFixture;
  const billed: string[] = [];
  const notBilled: string[] = [];

  beforeAll(async () => {
    adv = await party(t, 'advertiser');
    const profile = await call(t, 'PUT', '/api/auth/profile', {
      token: adv.token,
      payload: { company_name: 'Northwind Outdoor', billing_address: 'Vesterbrogade 1', vat_id: 'DK123' },
    });
    if (profile.statusCode !== 200) throw new Error(profile.body);
    usdA = await approvedLink(t, adv, pub, { name: 'Boots' });
    usdB = await approvedLink(t, adv, pub, { name: 'Tents' });
    eur = await approvedLink(t, adv, pub, { name: 'Euro shop', currency: 'EUR' });
    const pubB = await party(t, 'publisher');
    const ids = async (...rows: Promise<{ id: string }>[]) => (await Promise.all(rows)).map((r) => r.id);
    billed.push(
      ...(await ids(
        commission(usdA, pub, { amount: 1500 }),
        commission(usdA, pubB, { amount: 1505, status: 'paid', decidedAt: inMonth(1, 0) }),
        commission(usdB, pub, { amount: 2345, decidedAt: null, createdAt: inMonth(28) }),
        // a refund after payout: a negative clawback of the month reduces the subtotal
        commission(usdB, pub, { amount: -345, kind: 'clawback', decidedAt: inMonth(20) }),
        commission(eur, pub, { amount: 999 }),
      )),
    );
    notBilled.push(
      ...(await ids(
        commission(usdA, pub, { amount: 700, status: 'pending', decidedAt: null }),
        commission(usdA, pub, { amount: 700, status: 'rejected' }),
        commission(usdA, pub, { amount: 700, status: 'reversed' }),
        commission(usdA, pub, { amount: 700, isTest: true }),
        // approved just before and just after the month
        commission(usdA, pub, { amount: 700, decidedAt: new Date(inMonth(1, 0).getTime() - 1) }),
        commission(usdA, pub, { amount: 700, decidedAt: new Date(Date.UTC(year, month, 1)) }),
      )),
    );
  });

  it('makes one draft per currency with a line per campaign, and total = its commissions + fee', async () => {
    const before = await counter();
    const res = await generate({ month: MONTH, advertiser_id: adv.id });
    expect(res.statusCode).toBe(200);
    const made = res.json() as {
      id: string;
      number: string;
      currency: string;
      subtotal_minor: number;
      fee_minor: number;
      total_minor: number;
      fee_bps: number;
      lines: { campaign_name: string; commissions: number; amount_minor: number }[];
    }[];
    expect(made.map((i) => i.currency).sort()).toEqual(['EUR', 'USD']);
    expect(made.map((i) => i.number).sort()).toEqual(
      [before + 1, before + 2].map((n) => `INV-${THIS_YEAR}-${String(n).padStart(4, '0')}`),
    );
    const usd = made.find((i) => i.currency === 'USD')!;
    expect(usd).toMatchObject({ status: 'draft', month: MONTH, advertiser_id: adv.id, fee_bps: 1000 });
    expect(usd.lines).toEqual([
      expect.objectContaining({ campaign_name: 'Boots', commissions: 2, amount_minor: 3005 }),
      expect.objectContaining({ campaign_name: 'Tents', commissions: 2, amount_minor: 2000 }),
    ]);
    // 5005 × 10% = 500.5 → 501 (half away from zero)
    expect([usd.subtotal_minor, usd.fee_minor, usd.total_minor]).toEqual([5005, 501, 5506]);
    expect((await get(admin.token, `/api/invoices/${usd.id}`)).json().billing).toMatchObject({
      company_name: 'Northwind Outdoor',
      billing_address: 'Vesterbrogade 1',
      vat_id: 'DK123',
    });

    for (const invoice of made) {
      const [sum] = await db()
        .select({ minor: sql<string>`sum(${commissions.amountMinor})::text` })
        .from(commissions)
        .where(eq(commissions.invoiceId, invoice.id));
      expect(invoice.subtotal_minor).toBe(Number(sum!.minor));
      expect(invoice.total_minor).toBe(Number(sum!.minor) + invoice.fee_minor);
      expect(invoice.lines.reduce((s, l) => s + l.amount_minor, 0)).toBe(invoice.subtotal_minor);
    }
    for (const id of billed) expect(await invoiceIdOf(id)).not.toBeNull();
    for (const id of notBilled) expect(await invoiceIdOf(id)).toBeNull();
    const logged = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, usd.id), eq(auditLog.action, 'invoice.generated')));
    expect(logged.map((e) => e.actorId)).toEqual([admin.id]);
  });

  it('makes nothing twice, nothing for an empty month, and refuses months not over yet', async () => {
    const count = await invoiceCount();
    const again = await generate({ month: MONTH, advertiser_id: adv.id });
    expect([again.statusCode, again.json()]).toEqual([200, []]);
    expect((await generate({ month: '2024-02', advertiser_id: adv.id })).json()).toEqual([]);
    const current = new Date().toISOString().slice(0, 7);
    const early = await generate({ month: current });
    expect(early.statusCode).toBe(422);
    expect(early.json().detail).toMatch(/invoices cover whole months/);
    expect((await generate({ month: '2026-13' })).statusCode).toBe(422);
    expect((await generate({ month: MONTH, advertiser_id: pub.id })).statusCode).toBe(404);
    expect((await post(adv.token, '/api/invoices/generate', { month: MONTH })).statusCode).toBe(403);
    expect(await invoiceCount()).toBe(count);
  });
});

describe('the invoice state machine', () => {
  let adv: Party;
  let id: string;

  beforeAll(async () => {
    adv = await advertiserWithCommission(4000);
    id = (await generate({ month: MONTH, advertiser_id: adv.id })).json()[0].id;
  });

  const act = (action: string) => post(admin.token, `/api/invoices/${id}/${action}`);

  it('issues a draft once, due in 30 days, notifying the advertiser; refuses what a draft cannot do', async () => {
    const paid = await act('paid');
    expect([paid.statusCode, paid.json().detail]).toEqual([
      409,
      'The invoice is draft; only an issued invoice can be marked paid',
    ]);
    expect((await post(adv.token, `/api/invoices/${id}/issue`)).statusCode).toBe(403);
    const issued = await act('issue');
    expect(issued.statusCode).toBe(200);
    const body = issued.json();
    expect(body.status).toBe('issued');
    expect(Date.parse(body.due_at) - Date.parse(body.issued_at)).toBe(30 * 86_400_000);
    const again = await act('issue');
    expect([again.statusCode, again.json().detail]).toEqual([
      409,
      'The invoice is issued; only a draft can be issued',
    ]);
    const told = await db()
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, adv.id), eq(notifications.category, 'invoice')));
    expect(told).toEqual([
      expect.objectContaining({
        category: 'invoice',
        title: `Invoice ${body.number} issued: 44.00 USD`,
        // The month and the due date in words, as on the PDF, not as the API's ISO strings.
        body: expect.stringMatching(
          /^Commissions of [A-Z][a-z]+ 20\d\d plus the platform fee, due \d{1,2} [A-Z][a-z]{2} 20\d\d\.$/,
        ),
        link: `/invoices?id=${id}`,
      }),
    ]);
  });

  it('marks an issued invoice paid, after which it can no longer be voided', async () => {
    const paid = await act('paid');
    expect(paid.statusCode).toBe(200);
    expect(paid.json().paid_at).not.toBeNull();
    const voided = await act('void');
    expect([voided.statusCode, voided.json().detail]).toEqual([
      409,
      'The invoice is paid; only a draft or issued invoice can be voided',
    ]);
    const trail = await db().select().from(auditLog).where(eq(auditLog.entityId, id));
    expect(trail.map((e) => e.action).sort()).toEqual([
      'invoice.generated',
      'invoice.issued',
      'invoice.paid',
    ]);
  });

  it('voids a draft or issued invoice and lets the month be invoiced again under a new number', async () => {
    const other = await advertiserWithCommission(2500);
    const first = (await generate({ month: MONTH, advertiser_id: other.id })).json()[0];
    expect((await post(admin.token, `/api/invoices/${first.id}/issue`)).statusCode).toBe(200);
    const voided = await post(admin.token, `/api/invoices/${first.id}/void`);
    expect(voided.json()).toMatchObject({ status: 'void', number: first.number });
    expect(voided.json().voided_at).not.toBeNull();
    const [entry] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, first.id), eq(auditLog.action, 'invoice.void')));
    expect(entry?.after).toMatchObject({ status: 'void', released_commissions: 1 });
    const second = (await generate({ month: MONTH, advertiser_id: other.id })).json();
    expect(second).toHaveLength(1);
    expect(second[0].number).not.toBe(first.number);
    expect(second[0].total_minor).toBe(first.total_minor);
    // a voided draft too
    const draftVoid = await post(admin.token, `/api/invoices/${second[0].id}/void`);
    expect(draftVoid.json().status).toBe('void');
  });

  it('answers 404 for an unknown invoice and 422 for a malformed id', async () => {
    const unknown = '00000000-0000-4000-8000-000000000000';
    expect((await post(admin.token, `/api/invoices/${unknown}/issue`)).statusCode).toBe(404);
    expect((await post(admin.token, '/api/invoices/nope/issue')).statusCode).toBe(422);
  });
});

describe('who sees which invoices', () => {
  let adv: Party;
  let advB: Party;
  let draftId: string;
  let issuedId: string;

  beforeAll(async () => {
    adv = await party(t, 'advertiser');
    advB = await advertiserWithCommission(800);
    const usd = await approvedLink(t, adv, pub);
    const eur = await approvedLink(t, adv, pub, { currency: 'EUR' });
    await commission(usd, pub, { amount: 1000 });
    await commission(eur, pub, { amount: 2000 });
    const made = (await generate({ month: MONTH, advertiser_id: adv.id })).json();
    const byCurrency = (c: string) => made.find((i: { currency: string }) => i.currency === c).id;
    [draftId, issuedId] = [byCurrency('USD'), byCurrency('EUR')];
    await post(admin.token, `/api/invoices/${issuedId}/issue`);
    await generate({ month: MONTH, advertiser_id: advB.id });
  });

  it('shows an advertiser their issued invoices only, never drafts or another advertiser’s', async () => {
    const mine = await get(adv.token, '/api/invoices');
    expect(mine.json().map((i: { id: string }) => i.id)).toEqual([issuedId]);
    expect(mine.headers['x-total-count']).toBe('1');
    expect((await get(adv.token, '/api/invoices?status=draft')).json()).toEqual([]);
    // advertiser_id names nobody else for an advertiser
    expect((await get(adv.token, `/api/invoices?advertiser_id=${advB.id}`)).json()).toHaveLength(1);
    expect((await get(adv.token, `/api/invoices/${draftId}`)).statusCode).toBe(404);
    for (const path of ['', '/pdf', '/csv']) {
      expect((await get(advB.token, `/api/invoices/${issuedId}${path}`)).statusCode).toBe(404);
      expect((await get(adv.token, `/api/invoices/${issuedId}${path}`)).statusCode).toBe(200);
    }
    expect((await get(pub.token, '/api/invoices')).statusCode).toBe(403);
    expect((await get(pub.token, `/api/invoices/${issuedId}`)).statusCode).toBe(403);
    expect((await call(t, 'GET', '/api/invoices')).statusCode).toBe(401);
  });

  it('lists every invoice for admins with status, advertiser and month filters and paging', async () => {
    const forAdv = await get(admin.token, `/api/invoices?advertiser_id=${adv.id}`);
    expect(forAdv.json()).toHaveLength(2);
    const drafts = await get(admin.token, `/api/invoices?advertiser_id=${adv.id}&status=draft`);
    expect(drafts.json().map((i: { id: string }) => i.id)).toEqual([draftId]);
    const page = await get(admin.token, `/api/invoices?month=${MONTH}&limit=1&offset=1`);
    expect(page.json()).toHaveLength(1);
    expect(Number(page.headers['x-total-count'])).toBeGreaterThanOrEqual(3);
    expect((await get(admin.token, '/api/invoices?month=2010-01')).json()).toEqual([]);
    expect((await get(admin.token, '/api/invoices?month=January')).statusCode).toBe(422);
  });

  it('downloads the invoice as a PDF that opens and as CSV', async () => {
    const res = await get(adv.token, `/api/invoices/${issuedId}/pdf`);
    expect(res.headers['content-type']).toBe('application/pdf');
    const invoice = (await get(adv.token, `/api/invoices/${issuedId}`)).json();
    expect(res.headers['content-disposition']).toBe(`attachment; filename="${invoice.number}.pdf"`);
    const pdf = res.rawPayload;
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdfPageCount(pdf)).toBe(1);
    const text = pdfText(pdf);
    for (const expected of [
      'Affilio',
      invoice.number,
      'Bill to'.toUpperCase(),
      'Platform fee (10%)',
      'Total (EUR)',
      '20.00 EUR',
      '2.00 EUR',
      '22.00 EUR',
    ]) {
      expect(text).toContain(expected);
    }
    const csv = await get(adv.token, `/api/invoices/${issuedId}/csv`);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    const rows = csv.body.trim().split('\r\n');
    expect(rows[0]).toBe('invoice,month,row,campaign_id,campaign,commissions,amount,currency');
    expect(rows.at(-1)).toBe(`${invoice.number},${MONTH},total,,,,22.00,EUR`);
  });
});

describe('numbering under concurrent generation', () => {
  it('gives 5 invoices made at once the next 5 numbers, without gaps or duplicates', async () => {
    const advertisers = await Promise.all([1, 2, 3, 4, 5].map((n) => advertiserWithCommission(100 * n)));
    const before = await counter();
    const answers = await Promise.all(
      advertisers.map((a) => generate({ month: MONTH, advertiser_id: a.id })),
    );
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200]);
    const numbers = answers.flatMap((r) => r.json().map((i: { number: string }) => i.number)).sort();
    expect(numbers).toEqual(
      [1, 2, 3, 4, 5].map((n) => `INV-${THIS_YEAR}-${String(before + n).padStart(4, '0')}`),
    );
    expect(await counter()).toBe(before + 5);
  });

  it('makes one invoice when the same month is generated several times at once', async () => {
    const adv = await advertiserWithCommission(1234);
    const answers = await Promise.all([1, 2, 3].map(() => generate({ month: MONTH, advertiser_id: adv.id })));
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    expect(answers.flatMap((r) => r.json())).toHaveLength(1);
    const rows = await db().select().from(invoices).where(eq(invoices.advertiserId, adv.id));
    expect(rows).toHaveLength(1);
  });
});

describe('the monthly job', () => {
  it('makes last month’s drafts once however many processes check at once', async () => {
    const adv = await party(t, 'advertiser');
    const link = await approvedLink(t, adv, pub);
    const c = await commission(link, pub, { amount: 5000, decidedAt: new Date('2025-02-14T10:00:00Z') });
    const ctx = { db: db(), config: testConfig() } as AppContext;
    const now = new Date('2025-03-01T00:05:00Z');
    const runs = await Promise.all([runMonthlyInvoicing(ctx, now), runMonthlyInvoicing(ctx, now)]);
    expect(runs.map((r) => r.status).sort()).toEqual(['generated', 'skipped']);
    const made = runs.find((r) => r.status === 'generated')!;
    expect(made).toMatchObject({ month: '2025-02' });
    expect(made.status === 'generated' && made.invoices.map((i) => i.advertiser_id)).toEqual([adv.id]);
    expect(await invoiceIdOf(c.id)).not.toBeNull();
    // later checks in the same month leave it alone
    expect((await runMonthlyInvoicing(ctx, new Date('2025-03-02T00:00:00Z'))).status).toBe('skipped');
    const [entry] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'invoice.generated'), eq(auditLog.entityId, made.invoices[0]!.id)));
    expect(entry?.actorId).toBeNull();
  });
});

describe('a paid payout’s statement PDF', () => {
  it('is for the publisher it paid and admins; others get 404, an unpaid payout 409', async () => {
    const adv = await party(t, 'advertiser');
    const other = await party(t, 'publisher');
    const link = await approvedLink(t, adv, pub, { name: 'Statement campaign' });
    const paidAt = new Date();
    const [payout] = await db()
      .insert(payouts)
      .values({
        publisherId: pub.id,
        status: 'paid',
        amountMinor: 3500,
        currency: 'USD',
        commissionCount: 2,
        method: { payout_method: 'paypal', payout_details: 'pub@example.com' },
        reference: 'SEPA-2026-42',
        paidAt,
      })
      .returning();
    const [open] = await db()
      .insert(payouts)
      .values({ publisherId: pub.id, status: 'requested', amountMinor: 100, currency: 'EUR' })
      .returning();
    for (const amount of [2000, 1500]) {
      const row = await commission(link, pub, { amount, status: 'paid' });
      await db().update(commissions).set({ payoutId: payout!.id }).where(eq(commissions.id, row.id));
    }
    const url = `/api/payouts/${payout!.id}/statement.pdf`;
    const res = await get(pub.token, url);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdfPageCount(res.rawPayload)).toBe(1);
    const text = pdfText(res.rawPayload);
    for (const expected of [
      'Payout statement',
      'SEPA-2026-42',
      'Statement campaign',
      '20.00 USD',
      '35.00 USD',
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).toContain('PayPal (pub@example.com)');
    expect((await get(admin.token, url)).statusCode).toBe(200);
    expect((await get(other.token, url)).statusCode).toBe(404);
    expect((await get(adv.token, url)).statusCode).toBe(404);
    const unpaid = await get(pub.token, `/api/payouts/${open!.id}/statement.pdf`);
    expect([unpaid.statusCode, unpaid.json().detail]).toEqual([
      409,
      'The payout is requested; a statement exists once it is paid',
    ]);
    expect((await call(t, 'GET', url)).statusCode).toBe(401);
  });
});

describe('an invoice whose sums pass 2^53 minor units', () => {
  const SAFE = Number.MAX_SAFE_INTEGER; // 9007199254740991
  it('bills the exact subtotal, fee and total (digit strings on the wire, exact in CSV and stored)', async () => {
    const big = await party(t, 'advertiser');
    const boots = await approvedLink(t, big, pub, { name: 'Huge boots' });
    const tents = await approvedLink(t, big, pub, { name: 'Huge tents' });
    // each commission is a safe integer; their sums are not
    await commission(boots, pub, { amount: SAFE });
    await commission(boots, pub, { amount: SAFE });
    await commission(tents, pub, { amount: SAFE });
    await commission(tents, pub, { amount: 7 });
    const res = await generate({ month: MONTH, advertiser_id: big.id });
    expect(res.statusCode, res.body).toBe(200);
    const [invoice] = res.json();
    const subtotal = 3n * BigInt(SAFE) + 7n;
    // subtotal × bps / 10000, halves away from zero
    const fee = (subtotal * BigInt(invoice.fee_bps) * 2n + 10_000n) / 20_000n;
    // a safe sum stays a JSON number (the fee here), a larger one is its digits
    const wire = (v: bigint) => (v <= BigInt(SAFE) ? Number(v) : v.toString());
    expect(fee).toBeLessThan(BigInt(SAFE));
    expect(invoice).toMatchObject({
      subtotal_minor: subtotal.toString(),
      fee_minor: wire(fee),
      total_minor: (subtotal + fee).toString(),
    });
    const lines = Object.fromEntries(
      invoice.lines.map((l: { campaign_name: string; amount_minor: unknown }) => [
        l.campaign_name,
        l.amount_minor,
      ]),
    );
    expect(lines).toEqual({
      'Huge boots': (2n * BigInt(SAFE)).toString(),
      'Huge tents': (BigInt(SAFE) + 7n).toString(),
    });
    // the detail and the list read it back exactly
    const detail = await get(admin.token, `/api/invoices/${invoice.id}`);
    expect(detail.statusCode, detail.body).toBe(200);
    expect(detail.json()).toMatchObject({ total_minor: (subtotal + fee).toString() });
    const list = await get(admin.token, `/api/invoices?advertiser_id=${big.id}`);
    expect(list.statusCode, list.body).toBe(200);
    // stored as bigint, to the unit
    const [stored] = await db()
      .select({ total: sql<string>`${invoices.totalMinor}::text` })
      .from(invoices)
      .where(eq(invoices.id, invoice.id));
    expect(stored!.total).toBe((subtotal + fee).toString());
    // the CSV's money in major units, every digit kept
    const csv = await get(admin.token, `/api/invoices/${invoice.id}/csv`);
    expect(csv.statusCode, csv.body).toBe(200);
    const major = (minor: bigint) => `${minor / 100n}.${String(minor % 100n).padStart(2, '0')}`;
    expect(csv.body).toContain(major(subtotal));
    expect(csv.body).toContain(major(subtotal + fee));
    // issuing it tells the advertiser the exact total
    const issued = await post(admin.token, `/api/invoices/${invoice.id}/issue`);
    expect(issued.statusCode, issued.body).toBe(200);
    expect(issued.json().total_minor).toBe((subtotal + fee).toString());
  });
});
