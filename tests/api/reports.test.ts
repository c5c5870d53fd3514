import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { clicks } from '../../server/db/schema/tracking';
import { call, createTestApp, type TestApp } from './support/test-app';
import { approvedLink, party, postback, type LinkFixture, type Party } from './support/tracking-fixtures';

/**
 * Reports against hand-computed traffic sent through the real endpoints. Stored fallback rates:
 * 1 USD = 0.85 EUR = 110 JPY.
 *
 * advA "Alpha USD" (cpa 15.00 USD) with pub1: click DK sub1=spring sub2==cmd → sale 100.00;
 *      click DK sub1=spring (no sale); click SE → sale 40.00. Commissions 15.00 + 15.00.
 * advA "Alpha EUR" (cpa 10.00 EUR) with pub2: click DE sub2=-5+1 → sale 50.00 EUR (= 58.82 USD),
 *      commission 10.00 EUR (= 11.76 USD).
 * advB "Beta USD" (cpa 5.00 USD) with pub1: one click → sale 20.00, commission 5.00.
 */

let t: TestApp;
let advA: Party;
let advB: Party;
let pub1: Party;
let pub2: Party;
let pub3: Party;
let admin: Party;
let alphaUsd: LinkFixture;
let alphaEur: LinkFixture;

const UA =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36';
const today = () => new Date().toISOString().slice(0, 10);
const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);

async function click(link: LinkFixture, ip: string, country: string, query = '') {
  const res = await t.app.inject({
    method: 'GET',
    url: `/t/${link.code}${query}`,
    remoteAddress: ip,
    headers: { 'user-agent': UA, 'cf-ipcountry': country },
  });
  expect(res.statusCode).toBe(302);
  return new URL(res.headers.location as string).searchParams.get('click_id')!;
}

async function sale(link: LinkFixture, clickId: string, order: string, amount: string, currency?: string) {
  const res = await postback(t, {
    click_id: clickId,
    order_id: order,
    amount,
    currency,
    secret: link.campaign.tracking_secret,
  });
  expect(res.statusCode, res.body).toBe(201);
}

beforeAll(async () => {
  t = await createTestApp({ clickFlushMs: 5, clickCountryHeader: 'cf-ipcountry' });
  [advA, advB, pub1, pub2, pub3, admin] = [
    await party(t, 'advertiser'),
    await party(t, 'advertiser'),
    await party(t, 'publisher'),
    await party(t, 'publisher'),
    await party(t, 'publisher'),
    await party(t, 'admin'),
  ];
  alphaUsd = await approvedLink(t, advA, pub1, { name: 'Alpha USD' });
  alphaEur = await approvedLink(t, advA, pub2, { name: 'Alpha EUR', currency: 'EUR', payout_minor: 1000 });
  const beta = await approvedLink(t, advB, pub1, { name: 'Beta USD', payout_minor: 500 });

  await sale(
    alphaUsd,
    await click(alphaUsd, '198.51.100.1', 'DK', '?sub1=spring&sub2==cmd'),
    'u-1',
    '100.00',
  );
  await click(alphaUsd, '198.51.100.2', 'DK', '?sub1=spring');
  await sale(alphaUsd, await click(alphaUsd, '198.51.100.3', 'SE'), 'u-2', '40.00');
  await sale(alphaEur, await click(alphaEur, '198.51.100.4', 'DE', '?sub2=-5%2B1'), 'e-1', '50.00', 'EUR');
  await sale(beta, await click(beta, '198.51.100.5', 'DK'), 'b-1', '20.00');
  await vi.waitFor(
    async () => {
      const [row] = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(clicks);
      expect(row!.n).toBe(5);
    },
    { timeout: 5_000, interval: 20 },
  );
}, 60_000);
afterAll(() => t?.close());

const report = async (who: Party, query: string) => {
  const res = await call(t, 'GET', `/api/reports?currency=USD&${query}`, { token: who.token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
const slim = (
  rows: { key: string; label: string; clicks: number; conversions: number; commission_minor: number }[],
) => rows.map((r) => [r.label, r.clicks, r.conversions, r.commission_minor]);

const ALPHA_TOTALS = {
  clicks: 4,
  unique_clicks: 4,
  conversions: 3,
  revenue_minor: 10_000 + 4_000 + 5_882,
  commission_minor: 1_500 + 1_500 + 1_176,
  currency: 'USD',
  cr: 0.75,
  epc_minor: 1_044,
  capped: 0,
};

describe('GET /api/reports as JSON', () => {
  it('groups an advertiser’s campaigns, converted to USD, biggest commission first', async () => {
    const r = await report(advA, 'group_by=campaign');
    expect(r).toMatchObject({ from: daysAgo(29), to: today(), currency: 'USD', group_by: 'campaign' });
    expect(r.rates_note).toMatch(
      /^Converted to USD with the built-in rates of \d{4}-\d{2}-\d{2}; set a provider in Settings$/,
    );
    expect(r.rows).toEqual([
      {
        key: alphaUsd.campaign.id,
        label: 'Alpha USD',
        clicks: 3,
        unique_clicks: 3,
        conversions: 2,
        revenue_minor: 14_000,
        commission_minor: 3_000,
        currency: 'USD',
        cr: 2 / 3,
        epc_minor: 1_000,
        capped: 0,
      },
      {
        key: alphaEur.campaign.id,
        label: 'Alpha EUR',
        clicks: 1,
        unique_clicks: 1,
        conversions: 1,
        revenue_minor: 5_882,
        commission_minor: 1_176,
        currency: 'USD',
        cr: 1,
        epc_minor: 1_176,
        capped: 0,
      },
    ]);
    expect(r.totals).toEqual(ALPHA_TOTALS);
  });

  it('groups by period, publisher, country and sub-ids with the same totals', async () => {
    const day = await report(advA, 'group_by=day');
    expect(day.rows).toEqual([expect.objectContaining({ key: today(), label: today(), clicks: 4 })]);
    const monday = new Date();
    monday.setUTCDate(monday.getUTCDate() - ((monday.getUTCDay() + 6) % 7));
    const week = await report(advA, 'group_by=week');
    const mondayKey = monday.toISOString().slice(0, 10);
    expect(week.rows.map((r: { key: string; label: string }) => [r.key, r.label])).toEqual([
      [mondayKey, `Week of ${mondayKey}`],
    ]);
    expect((await report(advA, 'group_by=month')).rows[0].key).toBe(today().slice(0, 7));

    const publishers = await report(advA, 'group_by=publisher');
    expect(publishers.rows.map((r: { key: string }) => r.key)).toEqual([pub1.id, pub2.id]);

    const countries = await report(advA, 'group_by=country');
    expect(slim(countries.rows)).toEqual([
      ['DK', 2, 1, 1_500],
      ['SE', 1, 1, 1_500],
      ['DE', 1, 1, 1_176],
    ]);
    const sub1 = await report(advA, 'group_by=sub1');
    expect(slim(sub1.rows)).toEqual([
      ['(none)', 2, 2, 2_676],
      ['spring', 2, 1, 1_500],
    ]);
    // sub2 is not in the rollup: the raw tables give the same figures
    const sub2 = await report(advA, 'group_by=sub2');
    expect(slim(sub2.rows)).toEqual([
      ['(none)', 2, 1, 1_500],
      ['=cmd', 1, 1, 1_500],
      ['-5+1', 1, 1, 1_176],
    ]);
    for (const r of [day, week, publishers, countries, sub1, sub2]) expect(r.totals).toEqual(ALPHA_TOTALS);
    expect((await report(advA, 'group_by=website')).rows[0].label).toMatch(/^https:\/\/pub-/);
  });

  it('keeps each caller to their own rows', async () => {
    // a publisher: their own traffic on every advertiser's campaigns
    const own = await report(pub1, 'group_by=campaign');
    expect(slim(own.rows)).toEqual([
      ['Alpha USD', 3, 2, 3_000],
      ['Beta USD', 1, 1, 500],
    ]);
    // a second publisher sees nothing of the first's; one without traffic has an empty report
    expect(slim((await report(pub2, 'group_by=campaign')).rows)).toEqual([['Alpha EUR', 1, 1, 1_176]]);
    const empty = await report(pub3, 'group_by=campaign');
    expect(empty.rows).toEqual([]);
    expect(empty.totals).toEqual({
      ...ALPHA_TOTALS,
      clicks: 0,
      unique_clicks: 0,
      conversions: 0,
      revenue_minor: 0,
      commission_minor: 0,
      cr: 0,
      epc_minor: 0,
    });
    // naming another publisher narrows to nothing (an empty report, not a 403); naming oneself is fine
    expect((await report(pub1, `publisher_id=${pub2.id}`)).rows).toEqual([]);
    expect((await report(pub1, `publisher_id=${pub1.id}`)).totals.clicks).toBe(4);

    // another advertiser's campaign gives nothing, not that advertiser's numbers
    const foreign = await report(advB, `group_by=campaign&campaign_id=${alphaUsd.campaign.id}`);
    expect(foreign.rows).toEqual([]);
    expect(foreign.totals.clicks).toBe(0);
    expect((await report(advB, `group_by=sub3&campaign_id=${alphaUsd.campaign.id}`)).rows).toEqual([]);
    expect(slim((await report(advA, `group_by=campaign&campaign_id=${alphaUsd.campaign.id}`)).rows)).toEqual([
      ['Alpha USD', 3, 2, 3_000],
    ]);
    expect(slim((await report(advA, `group_by=campaign&publisher_id=${pub2.id}`)).rows)).toEqual([
      ['Alpha EUR', 1, 1, 1_176],
    ]);

    const all = await report(admin, 'group_by=campaign');
    expect(slim(all.rows)).toEqual([
      ['Alpha USD', 3, 2, 3_000],
      ['Alpha EUR', 1, 1, 1_176],
      ['Beta USD', 1, 1, 500],
    ]);
  });

  it('refuses bad group_by, dates, ranges and formats with 422 {detail}', async () => {
    const bad = [
      'group_by=hour',
      'group_by=sub6',
      'from=2024-02-30',
      `from=${today()}&to=${daysAgo(3)}`,
      'from=2023-01-01&to=2024-01-02',
      'format=xml',
      'campaign_id=not-a-uuid',
      'currency=usd',
    ];
    for (const query of bad) {
      const res = await call(t, 'GET', `/api/reports?${query}`, { token: advA.token });
      expect([query, res.statusCode]).toEqual([query, 422]);
      expect(typeof res.json().detail).toBe('string');
    }
  });

  it('answers anonymous callers 401', async () => {
    const res = await call(t, 'GET', '/api/reports?format=csv');
    expect(res.statusCode).toBe(401);
    expect(res.json().detail).toBeTruthy();
  });
});

describe('GET /api/reports?format=csv', () => {
  const csv = async (who: Party, query: string) => {
    const res = await call(t, 'GET', `/api/reports?format=csv&${query}`, { token: who.token });
    expect(res.statusCode, res.body).toBe(200);
    return res;
  };
  const lines = (body: string) => body.split('\r\n').filter(Boolean);
  /** "12.50" → 1250 (2 decimals) */
  const minor = (major: string, decimals = 2) => Math.round(Number(major) * 10 ** decimals);

  it('has a header, money in major units, a total row equal to the JSON totals', async () => {
    const query = `group_by=campaign&from=${daysAgo(6)}&to=${today()}`;
    const res = await csv(advA, query);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="affilio-report-campaign-${daysAgo(6)}-${today()}.csv"`,
    );
    const [header, ...rest] = lines(res.body);
    expect(header).toBe(
      'key,label,clicks,unique_clicks,conversions,revenue,commission,currency,cr,epc,capped,held,rejected_for_fraud',
    );
    expect(rest[0]).toBe(`${alphaUsd.campaign.id},Alpha USD,3,3,2,140.00,30.00,USD,0.6667,10.00,0,,`);
    expect(rest[1]).toBe(`${alphaEur.campaign.id},Alpha EUR,1,1,1,58.82,11.76,USD,1,11.76,0,,`);

    const json = await report(advA, query);
    const total = rest.at(-1)!.split(',');
    expect(total.slice(0, 5)).toEqual(['total', 'Total', '4', '4', '3']);
    expect({
      clicks: Number(total[2]),
      unique_clicks: Number(total[3]),
      conversions: Number(total[4]),
      revenue_minor: minor(total[5]!),
      commission_minor: minor(total[6]!),
      currency: total[7],
      cr: Number(total[8]),
      epc_minor: minor(total[9]!),
      capped: Number(total[10]),
    }).toEqual(json.totals);
    expect({ held: Number(total[11]), rejected_for_fraud: Number(total[12]) }).toEqual(json.fraud);
  });

  it('writes JPY without decimals', async () => {
    const res = await csv(pub1, 'group_by=day&currency=JPY');
    const total = lines(res.body).at(-1)!;
    // 140.00 + 20.00 USD × 110 = 17600 JPY; commissions 35.00 USD → 3850 JPY; epc 3850 / 4
    expect(total).toBe('total,Total,4,4,3,17600,3850,JPY,0.75,963,0,0,0');
  });

  it('makes formula-like cells inert', async () => {
    const res = await csv(advA, 'group_by=sub2&currency=USD');
    const body = lines(res.body);
    expect(body).toContain(`'=cmd,'=cmd,1,1,1,100.00,15.00,USD,1,15.00,0,,`);
    expect(body).toContain(`'-5+1,'-5+1,1,1,1,58.82,11.76,USD,1,11.76,0,,`);
    expect(body).toContain(',(none),2,2,1,40.00,15.00,USD,0.5,7.50,0,,');
  });

  it('writes an empty report as header and zero total', async () => {
    const res = await csv(pub3, 'currency=EUR');
    expect(lines(res.body)).toEqual([
      'key,label,clicks,unique_clicks,conversions,revenue,commission,currency,cr,epc,capped,held,rejected_for_fraud',
      'total,Total,0,0,0,0.00,0.00,EUR,0,0.00,0,0,0',
    ]);
  });
});
