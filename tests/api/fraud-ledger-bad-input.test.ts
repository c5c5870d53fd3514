import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectStoresNothing, tableCounter, type TableCounts } from './support/table-counts';
import { call, createTestApp, type TestApp } from './support/test-app';
import { approvedLink, party, type LinkFixture, type Party } from './support/tracking-fixtures';

// The bad-input sweep's explicit cases for the fraud routes, a campaign's fraud thresholds and the ledger's
// query parameters: each answers 4xx with a message that says what is wrong, and stores nothing.

let t: TestApp;
let adv: Party;
let pub: Party;
let admin: Party;
let link: LinkFixture;
let counts: () => Promise<TableCounts>;

beforeAll(async () => {
  t = await createTestApp({ fraudRules: true });
  adv = await party(t, 'advertiser');
  pub = await party(t, 'publisher');
  admin = await party(t, 'admin');
  link = await approvedLink(t, adv, pub);
  counts = await tableCounter(t);
});
afterAll(() => t.close());

const refused = async (
  request: () => Promise<{ statusCode: number; json(): unknown }>,
  status: number,
  detail: RegExp,
) => {
  const res = await expectStoresNothing(counts, request, status);
  expect((res.json() as { detail: string }).detail).toMatch(detail);
};

describe('bad input to the fraud routes', () => {
  it('refuses a queue decision with bad ids, a bad decision or a reject without reason', async () => {
    const decide = (payload: unknown) =>
      call(t, 'POST', '/api/fraud/queue/decide', { token: adv.token, payload });
    await refused(() => decide({ commission_ids: ['nope'], decision: 'approve' }), 422, /UUID/);
    await refused(() => decide({ commission_ids: [], decision: 'approve' }), 422, /at least one/);
    await refused(() => decide({ commission_ids: 'x', decision: 'approve' }), 422, /list/);
    const id = '00000000-0000-4000-8000-000000000001';
    await refused(() => decide({ commission_ids: [id], decision: 'maybe' }), 422, /approve or reject/);
    await refused(() => decide({ commission_ids: [id], decision: 'reject' }), 422, /reason/);
    // a well-formed id that is not in the queue
    await refused(
      () => decide({ commission_ids: [id], decision: 'approve' }),
      404,
      /Not in your review queue/,
    );
  });

  it('refuses platform defaults out of range or with the reject score at or below hold', async () => {
    const put = (payload: unknown) => call(t, 'PUT', '/api/fraud/settings', { token: admin.token, payload });
    await refused(() => put({ hold_score: 0 }), 422, /hold_score must be between 1 and 1000/);
    await refused(() => put({ reject_score: 1001 }), 422, /reject_score must be between 1 and 1000/);
    await refused(() => put({ min_seconds_to_convert: 1.5 }), 422, /whole number/);
    await refused(() => put({ max_clicks_per_ip_minute: 'ten' }), 422, /whole number/);
    await refused(() => put({ cr_spike_factor: 0.5 }), 422, /cr_spike_factor must be between 1 and 1000/);
    await refused(() => put({ hold_score: 100, reject_score: 100 }), 422, /must be below reject_score/);
  });

  it('refuses queue filters that are not what they say', async () => {
    const queue = (query: string) => call(t, 'GET', `/api/fraud/queue?${query}`, { token: adv.token });
    expect((await queue('state=maybe')).statusCode).toBe(422);
    expect((await queue('campaign_id=x')).json().detail).toMatch(/campaign_id must be a UUID/);
    expect((await queue('limit=0')).statusCode).toBe(422);
  });
});

describe('bad input to a campaign’s fraud thresholds', () => {
  it('refuses a reject score at or below hold, a fraction, a zero and a string; the campaign is unchanged', async () => {
    const put = (fraud: unknown) =>
      call(t, 'PUT', `/api/campaigns/${link.campaign.id}`, { token: adv.token, payload: { fraud } });
    await refused(() => put({ hold_score: 60, reject_score: 60 }), 422, /hold_score must be below/);
    await refused(() => put({ hold_score: 2.5 }), 422, /whole number/);
    await refused(() => put({ max_conversions_per_ip_day: 0 }), 422, /between 1 and/);
    await refused(() => put({ min_seconds_to_convert: 'soon' }), 422, /whole number/);
    const fraud = (await call(t, 'GET', `/api/campaigns/${link.campaign.id}`, { token: adv.token })).json()
      .fraud;
    expect(fraud).toMatchObject({ hold_score: null, reject_score: null });
  });
});

describe('bad input to the ledger', () => {
  it('refuses bad paging and publisher ids with a message', async () => {
    const get = (path: string, token = admin.token) => call(t, 'GET', path, { token });
    await refused(() => get('/api/ledger?limit=0'), 422, /limit must be at least 1/);
    await refused(() => get('/api/ledger?limit=1000'), 422, /limit must be at most 100/);
    await refused(() => get('/api/ledger?limit=ten'), 422, /limit must be a whole number/);
    await refused(() => get('/api/ledger?offset=-1'), 422, /offset/);
    await refused(() => get('/api/ledger?publisher_id=x'), 422, /publisher_id must be a UUID/);
    await refused(() => get('/api/ledger/head?publisher_id=x'), 422, /publisher_id must be a UUID/);
    await refused(() => get('/api/ledger/export?publisher_id=x'), 422, /publisher_id must be a UUID/);
  });
});
