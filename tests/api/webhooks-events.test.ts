// Each webhook event type other than conversion.created (webhooks-delivery.test.ts) reaches the endpoints that
// may see it, signed, in the API's wire shape: the campaign's advertiser for applications, commissions, invoices
// and its own messages; admins for everything, payouts included; another advertiser never.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Webhook } from 'standardwebhooks';
import { testConfig } from '../../server/config';
import { commissions } from '../../server/db/schema/commissions';
import { previousMonth } from '../../server/modules/invoices/service';
import { approvedLink, clickOn, party, postback, type Party } from './support/tracking-fixtures';
import { call, createTestApp, type TestApp } from './support/test-app';
import { startReceiver, type Receiver } from './support/receiver';

const ALL_EVENTS = [
  'conversion.created',
  'commission.approved',
  'commission.rejected',
  'commission.reversed',
  'application.created',
  'application.decided',
  'payout.requested',
  'payout.paid',
  'payout.failed',
  'invoice.issued',
  'message.created',
];

interface Delivered {
  id: string;
  type: string;
  created_at: string;
  data: Record<string, unknown>;
}

let t: TestApp;
let receiver: Receiver;
let adv: Party;
let otherAdv: Party;
let admin: Party;
const secrets = new Map<string, string>();

beforeAll(async () => {
  receiver = await startReceiver();
  t = await createTestApp({
    allowPrivateNetworks: true,
    delivery: { ...testConfig().delivery, pollMs: 100, retryDelaysMs: Array(7).fill(200) },
  });
  [adv, otherAdv, admin] = await Promise.all([
    party(t, 'advertiser'),
    party(t, 'advertiser'),
    party(t, 'admin'),
  ]);
  for (const [who, path] of [
    [adv, '/adv'],
    [otherAdv, '/other'],
    [admin, '/admin'],
  ] as const) {
    const res = await call(t, 'POST', '/api/webhooks', {
      token: who.token,
      payload: { url: `${receiver.url}${path}`, events: ALL_EVENTS },
    });
    expect(res.statusCode, res.body).toBe(201);
    secrets.set(path, res.json().secret as string);
  }
});

afterAll(async () => {
  await t?.close();
  await receiver?.stop();
});

const post = (token: string, url: string, payload?: unknown) => call(t, 'POST', url, { token, payload });

/** The verified bodies `path` received so far of `type` whose data matches `pick`. */
function bodies(path: string, type: string, pick: (d: Delivered['data']) => boolean): Delivered[] {
  return receiver.received
    .filter((r) => r.url === path)
    .map(
      (r) => new Webhook(secrets.get(path)!).verify(r.body, r.headers as Record<string, string>) as Delivered,
    )
    .filter((b) => b.type === type && pick(b.data));
}

/** Waits until `path` has received `type` for the object `id` (its `data.id`), and returns it. */
async function arrived(path: string, type: string, id: string): Promise<Delivered> {
  const deadline = Date.now() + 5_000;
  for (;;) {
    const [found] = bodies(path, type, (d) => d.id === id);
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`${path} did not receive ${type} for ${id}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** After the worker has had time to send everything due, `path` has received nothing of `type` for `id`. */
async function neverArrives(path: string, type: string, id: string): Promise<void> {
  await t.app.settle();
  await new Promise((resolve) => setTimeout(resolve, 600));
  expect(bodies(path, type, (d) => d.id === id)).toEqual([]);
}

let orders = 0;
async function sale(link: Awaited<ReturnType<typeof approvedLink>>): Promise<string> {
  orders += 1;
  const { clickId } = await clickOn(t, link.code, { ip: `198.51.100.${orders}` });
  const res = await postback(t, {
    click_id: clickId,
    order_id: `events-${orders}`,
    amount: '100.00',
    secret: link.campaign.tracking_secret,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().commission_id as string;
}

describe('webhook events beyond conversions', () => {
  it('sends application.created and application.decided to the campaign advertiser and admins', async () => {
    const pub = await party(t, 'publisher');
    const link = await approvedLink(t, adv, pub, { approval_mode: 'manual', name: 'Manual campaign' });
    const created = await arrived('/adv', 'application.created', link.applicationId);
    expect(created.data).toMatchObject({
      id: link.applicationId,
      campaign_id: link.campaign.id,
      publisher_id: pub.id,
      status: 'pending',
    });
    await arrived('/admin', 'application.created', link.applicationId);

    const approved = await post(adv.token, `/api/applications/${link.applicationId}/approve`, {});
    expect(approved.statusCode, approved.body).toBe(200);
    const decided = await arrived('/adv', 'application.decided', link.applicationId);
    expect(decided.data).toMatchObject({ id: link.applicationId, status: 'approved' });
    await arrived('/admin', 'application.decided', link.applicationId);
    await neverArrives('/other', 'application.created', link.applicationId);
    expect(bodies('/other', 'application.decided', (d) => d.id === link.applicationId)).toEqual([]);
  });

  it('sends commission.approved, .rejected and .reversed with the new status', async () => {
    const pub = await party(t, 'publisher');
    const link = await approvedLink(t, adv, pub, { name: 'Commission events' });
    const [toApprove, toReject] = [await sale(link), await sale(link)];

    expect((await post(adv.token, `/api/commissions/${toApprove}/approve`)).statusCode).toBe(200);
    expect(
      (await post(adv.token, `/api/commissions/${toReject}/reject`, { reason: 'Order cancelled' }))
        .statusCode,
    ).toBe(200);
    expect((await arrived('/adv', 'commission.approved', toApprove)).data).toMatchObject({
      id: toApprove,
      status: 'approved',
      amount_minor: 1500,
      currency: 'USD',
      publisher_id: pub.id,
    });
    expect((await arrived('/adv', 'commission.rejected', toReject)).data).toMatchObject({
      id: toReject,
      status: 'rejected',
    });

    const reversed = await post(adv.token, `/api/commissions/${toApprove}/reverse`, { reason: 'Refund' });
    expect(reversed.statusCode, reversed.body).toBe(200);
    expect((await arrived('/adv', 'commission.reversed', toApprove)).data).toMatchObject({
      id: toApprove,
      status: 'reversed',
    });
    await arrived('/admin', 'commission.reversed', toApprove);
    await neverArrives('/other', 'commission.approved', toApprove);
    expect(bodies('/other', 'commission.rejected', (d) => d.id === toReject)).toEqual([]);
  });

  it('sends payout.requested, .paid and .failed to admins only', async () => {
    const payouts: string[] = [];
    for (let i = 0; i < 2; i++) {
      const pub = await party(t, 'publisher');
      const profile = await call(t, 'PUT', '/api/auth/profile', {
        token: pub.token,
        payload: { payout_method: 'paypal', payout_details: 'me@paypal.example' },
      });
      expect(profile.statusCode).toBe(200);
      const link = await approvedLink(t, adv, pub, { name: 'Payout events', payout_minor: 6000 });
      const commission = await sale(link);
      expect((await post(adv.token, `/api/commissions/${commission}/approve`)).statusCode).toBe(200);
      const requested = await post(pub.token, '/api/payouts', { currency: 'USD' });
      expect(requested.statusCode, requested.body).toBe(201);
      payouts.push(requested.json().id as string);
    }
    const [paid, failed] = payouts as [string, string];
    const req = await arrived('/admin', 'payout.requested', paid);
    expect(req.data).toMatchObject({ id: paid, status: 'requested', amount_minor: 6000, currency: 'USD' });

    for (const id of payouts)
      expect((await post(admin.token, `/api/payouts/${id}/approve`)).statusCode).toBe(200);
    expect((await post(admin.token, `/api/payouts/${paid}/paid`, { reference: 'TX-9' })).statusCode).toBe(
      200,
    );
    const fail = await post(admin.token, `/api/payouts/${failed}/failed`, { reason: 'Account closed' });
    expect(fail.statusCode, fail.body).toBe(200);
    expect((await arrived('/admin', 'payout.paid', paid)).data).toMatchObject({ status: 'paid' });
    expect((await arrived('/admin', 'payout.failed', failed)).data).toMatchObject({ status: 'failed' });
    // advertisers subscribed to payout events still never receive a publisher's payout
    await neverArrives('/adv', 'payout.requested', paid);
    expect(bodies('/adv', 'payout.paid', () => true)).toEqual([]);
    expect(bodies('/other', 'payout.failed', () => true)).toEqual([]);
  });

  it('sends invoice.issued to the invoiced advertiser and admins', async () => {
    const pub = await party(t, 'publisher');
    const billed = await party(t, 'advertiser');
    const hook = await call(t, 'POST', '/api/webhooks', {
      token: billed.token,
      payload: { url: `${receiver.url}/billed`, events: ['invoice.issued'] },
    });
    secrets.set('/billed', hook.json().secret as string);
    const link = await approvedLink(t, billed, pub, { name: 'Invoiced campaign' });
    const [y, m] = previousMonth(new Date()).split('-').map(Number) as [number, number];
    const decidedAt = new Date(Date.UTC(y, m - 1, 10, 12));
    await t.database.db.insert(commissions).values({
      kind: 'conversion',
      status: 'approved',
      amountMinor: 2500,
      currency: 'USD',
      campaignId: link.campaign.id,
      advertiserId: billed.id,
      publisherId: pub.id,
      decidedAt,
      createdAt: new Date(decidedAt.getTime() - 86_400_000),
    });
    const generated = await post(admin.token, '/api/invoices/generate', {
      month: previousMonth(new Date()),
      advertiser_id: billed.id,
    });
    expect(generated.statusCode, generated.body).toBe(200);
    const [invoice] = generated.json() as { id: string; status: string; total_minor: number }[];
    expect(invoice, generated.body).toMatchObject({ status: 'draft', subtotal_minor: 2500 });
    expect((await post(admin.token, `/api/invoices/${invoice!.id}/issue`)).statusCode).toBe(200);
    expect((await arrived('/billed', 'invoice.issued', invoice!.id)).data).toMatchObject({
      id: invoice!.id,
      status: 'issued',
      advertiser_id: billed.id,
      // the draft's total (commissions plus the platform fee) as issued
      total_minor: invoice!.total_minor,
      currency: 'USD',
    });
    await arrived('/admin', 'invoice.issued', invoice!.id);
    await neverArrives('/other', 'invoice.issued', invoice!.id);
    expect(bodies('/adv', 'invoice.issued', (d) => d.id === invoice!.id)).toEqual([]);
  });

  it("sends message.created to the conversation's members and admins, not to other advertisers", async () => {
    const pub = await party(t, 'publisher');
    // a publisher may message the advertisers whose campaigns they applied to
    await approvedLink(t, adv, pub, { name: 'Messaging campaign' });
    const started = await post(pub.token, '/api/conversations', {
      participant_ids: [adv.id],
      body: 'Can I promote this on my podcast?',
    });
    expect(started.statusCode, started.body).toBe(201);
    const conversationId = started.json().id as string;
    const deadline = Date.now() + 5_000;
    let mine: Delivered[] = [];
    while (mine.length === 0 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      mine = bodies('/adv', 'message.created', (d) => d.conversation_id === conversationId);
    }
    expect(mine).toHaveLength(1);
    expect(mine[0]!.data).toMatchObject({
      conversation_id: conversationId,
      sender_id: pub.id,
      body: 'Can I promote this on my podcast?',
    });
    await t.app.settle();
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(bodies('/admin', 'message.created', (d) => d.conversation_id === conversationId)).toHaveLength(1);
    expect(bodies('/other', 'message.created', (d) => d.conversation_id === conversationId)).toEqual([]);
  });
});
