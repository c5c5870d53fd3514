import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, type TestApp } from './support/test-app';
import { approvedLink, party, postback, type LinkFixture, type Party } from './support/tracking-fixtures';

// The report's CSV export carries the held and rejected-for-fraud counts of its JSON answer, as its last two
// columns: on the total line, the group rows leave them empty.

let t: TestApp;
let adv: Party;
let otherAdv: Party;
let pub: Party;
let mixed: LinkFixture;

const BROWSER =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36';

let orders = 0;
/** a sale converted at once after its click from `ip`: the too-fast rule (30) fires */
async function fastSale(link: LinkFixture, ip: string) {
  const res = await t.app.inject({
    method: 'GET',
    url: `/t/${link.code}`,
    remoteAddress: ip,
    headers: { 'user-agent': BROWSER },
  });
  const clickId = new URL(res.headers.location as string).searchParams.get('click_id');
  orders += 1;
  const pb = await postback(t, {
    click_id: clickId,
    order_id: `csv-${orders}`,
    amount: '40.00',
    event: 'sale',
    secret: link.campaign.tracking_secret,
  });
  expect(pb.statusCode, pb.body).toBeLessThan(300);
}

beforeAll(async () => {
  t = await createTestApp({ fraudRules: true });
  adv = await party(t, 'advertiser');
  otherAdv = await party(t, 'advertiser');
  pub = await party(t, 'publisher');
  // the first sale from an address is too fast (30: held); the second also exceeds one conversion per
  // address a day (30 + 30: rejected)
  mixed = await approvedLink(t, adv, pub, {
    name: 'Mixed',
    fraud: { hold_score: 30, reject_score: 60, max_conversions_per_ip_day: 1 },
  });
  await fastSale(mixed, '10.9.0.1');
  await fastSale(mixed, '10.9.0.1');
});
afterAll(() => t.close());

const HEADER =
  'key,label,clicks,unique_clicks,conversions,revenue,commission,currency,cr,epc,capped,held,rejected_for_fraud';

async function both(who: Party, query: string) {
  const json = await call(t, 'GET', `/api/reports?${query}`, { token: who.token });
  expect(json.statusCode, json.body).toBe(200);
  const csv = await call(t, 'GET', `/api/reports?${query}&format=csv`, { token: who.token });
  expect(csv.statusCode, csv.body).toBe(200);
  return {
    json: json.json(),
    lines: csv.body
      .split('\r\n')
      .filter(Boolean)
      .map((l) => l.split(',')),
  };
}

describe('GET /api/reports?format=csv with fraud counts', () => {
  it('ends each line with held and rejected_for_fraud: the JSON counts on the total line', async () => {
    const { json, lines } = await both(adv, `group_by=campaign&campaign_id=${mixed.campaign.id}`);
    expect(json.fraud).toEqual({ held: 1, rejected_for_fraud: 1 });
    expect(lines[0]!.join(',')).toBe(HEADER);
    const [row, total] = [lines[1]!, lines.at(-1)!];
    expect(lines).toHaveLength(3);
    expect(row.slice(0, 2)).toEqual([mixed.campaign.id, 'Mixed']);
    expect(row.slice(-2)).toEqual(['', '']);
    expect(total[0]).toBe('total');
    expect({ held: Number(total[11]), rejected_for_fraud: Number(total[12]) }).toEqual(json.fraud);
  });

  it('counts the same grouped by day, and nothing for another advertiser naming the campaign', async () => {
    const byDay = await both(adv, 'group_by=day');
    expect(byDay.lines.at(-1)!.slice(-2)).toEqual(['1', '1']);
    expect(byDay.json.fraud).toEqual({ held: 1, rejected_for_fraud: 1 });

    const foreign = await both(otherAdv, `group_by=campaign&campaign_id=${mixed.campaign.id}`);
    expect(foreign.json.fraud).toEqual({ held: 0, rejected_for_fraud: 0 });
    expect(foreign.lines.map((l) => l.join(','))).toEqual([
      HEADER,
      'total,Total,0,0,0,0.00,0.00,USD,0,0.00,0,0,0',
    ]);
  });
});
