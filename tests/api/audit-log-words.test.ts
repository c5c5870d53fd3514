import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../server/db/schema/users';
import { call, createTestApp, type TestApp } from './support/test-app';
import { approvedLink, clickOn, party, postback, type Party } from './support/tracking-fixtures';

let t: TestApp;
let adv: Party;
let pub: Party;
let admin: Party;

beforeAll(async () => {
  t = await createTestApp();
  [adv, pub, admin] = await Promise.all([party(t, 'advertiser'), party(t, 'publisher'), party(t, 'admin')]);
  await t.database.db.update(users).set({ name: 'Alice' }).where(eq(users.id, adv.id));
});
afterAll(() => t.close());

describe('the audit log in words', () => {
  it('says who did what to which object, with links, keeping the raw action', async () => {
    const link = await approvedLink(t, adv, pub, { name: 'Northwind Journal' });
    const { clickId } = await clickOn(t, link.code, { ip: '100.66.0.1' });
    const res = await postback(t, {
      click_id: clickId,
      order_id: 'A-77',
      amount: '50.00',
      secret: link.campaign.tracking_secret,
    });
    const commissionId = res.json().commission_id as string;
    await call(t, 'POST', `/api/commissions/${commissionId}/approve`, { token: adv.token });

    const log = await call(t, 'GET', `/api/admin/audit-log?entity_id=${commissionId}`, {
      token: admin.token,
    });
    expect(log.statusCode).toBe(200);
    const [entry] = log.json();
    expect(entry).toMatchObject({
      action: 'commission.approved',
      actor_name: 'Alice',
      action_text: 'approved',
      entity_label: expect.stringMatching(/^commission of order A-77 \(publisher \d+\)$/),
      entity_url: `/commissions?campaign_id=${link.campaign.id}`,
      context_label: 'Northwind Journal',
      context_url: `/campaigns?campaign=${link.campaign.id}`,
    });
    expect(entry.summary).toMatch(/^Alice approved commission of order A-77 \(.+\) on Northwind Journal$/);
  });

  it('names users by name, linked to their page', async () => {
    const created = await call(t, 'POST', '/api/admin/users', {
      token: admin.token,
      payload: {
        email: 'words@example.com',
        name: 'Bea Words',
        role: 'publisher',
        password: 'long-enough-1',
      },
    });
    const id = created.json().id as string;
    const [entry] = (
      await call(t, 'GET', `/api/admin/audit-log?entity_id=${id}`, { token: admin.token })
    ).json();
    expect(entry).toMatchObject({
      action: 'user.created',
      entity_label: 'publisher Bea Words',
      entity_url: `/publishers?publisher=${id}`,
    });
    expect(entry.summary).toMatch(/ created publisher Bea Words$/);
  });
});
