import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications } from '../../server/db/schema/notifications';
import { issuedNotice } from '../../server/modules/invoices/service';
import { insertNotifications } from '../../server/platform/notifier';
import { conversionNotice } from '../../server/modules/tracking/conversion-notice';
import { DAILY_CAP_REASON } from '../../server/modules/commissions/spend';
import type { CampaignRow, CommissionRow } from '../../server/db/rows';
import { call, createTestApp, createUser, login, type TestApp } from './support/test-app';

// Issue #45: a notification follows its reader's language of the day, not the one it was written in. The
// row keeps its message (key + values) beside the text; rows written before that keep their text.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, 180_000);
afterAll(() => t.close());

interface Listed {
  title: string;
  body: string;
  category: string;
  data: Record<string, unknown>;
}

async function list(token: string): Promise<Listed[]> {
  const res = await call(t, 'GET', '/api/notifications?limit=100', { token });
  expect(res.statusCode).toBe(200);
  return res.json() as Listed[];
}

async function setLanguage(token: string, language: 'en' | 'da') {
  const res = await call(t, 'PUT', '/api/auth/profile', { token, payload: { language } });
  expect(res.statusCode).toBe(200);
}

describe('notifications in the reader’s current language', { timeout: 120_000 }, () => {
  it('shows an English user’s notifications in Danish once the profile says Danish, and back', async () => {
    const u = await createUser(t, { role: 'advertiser' });
    const token = await login(t, u.email, u.password);
    await setLanguage(token, 'en');
    // an invoice notice: a money figure, a month and a day among its values
    await insertNotifications(t.database.db, [
      {
        userId: u.id,
        event: issuedNotice({
          id: '00000000-0000-4000-8000-000000000001',
          number: 'INV-2026-0042',
          totalMinor: 123_450n,
          currency: 'DKK',
          month: '2026-10',
          dueAt: new Date('2026-11-14T12:00:00Z'),
        }),
      },
    ]);
    const check = await call(t, 'POST', '/api/notifications/check-profile-completion', { token });
    expect(check.statusCode).toBe(200);

    const english = await list(token);
    const invoiceEn = english.find((n) => n.category === 'invoice');
    expect(invoiceEn?.title).toBe('Invoice INV-2026-0042 issued: 1,234.50 DKK');
    expect(invoiceEn?.body).toBe('Commissions of October 2026 plus the platform fee, due 14 Nov 2026.');
    const countryEn = english.find((n) => n.data.missing_field === 'country');
    expect(countryEn?.title).toBe('Complete your profile: add your country');

    await setLanguage(token, 'da');
    const danish = await list(token);
    const invoiceDa = danish.find((n) => n.category === 'invoice');
    expect(invoiceDa?.title).toBe('Faktura INV-2026-0042 udstedt: 1,234.50 DKK');
    expect(invoiceDa?.body).toBe(
      'Provisioner for oktober 2026 plus platformgebyret, forfalder 14. nov. 2026.',
    );
    expect(danish.find((n) => n.data.missing_field === 'country')?.title).toBe(
      'Udfyld din profil: tilføj land',
    );
    // the other ways a notification comes back answer alike
    const completion = await call(t, 'GET', '/api/notifications/profile-completion', { token });
    expect(JSON.stringify(completion.json())).toContain('Udfyld din profil: tilføj land');
    const actions = await call(t, 'GET', '/api/notifications/action-required?limit=100', { token });
    expect(JSON.stringify(actions.json())).toContain('Faktura INV-2026-0042 udstedt');

    await setLanguage(token, 'en');
    expect((await list(token)).find((n) => n.category === 'invoice')?.title).toBe(
      'Invoice INV-2026-0042 issued: 1,234.50 DKK',
    );
  });

  it('keeps the stored text of a row written without a message (older rows, a user’s own words)', async () => {
    const u = await createUser(t, { role: 'publisher' });
    const token = await login(t, u.email, u.password);
    await setLanguage(token, 'da');
    await t.database.db.insert(notifications).values({
      userId: u.id,
      category: 'system',
      title: 'Payout sent',
      body: 'Written in English before messages were kept.',
    });
    const [row] = (await list(token)).filter((n) => n.category === 'system');
    expect(row).toMatchObject({
      title: 'Payout sent',
      body: 'Written in English before messages were kept.',
    });
  });

  it('keeps the stored text when the stored key is no longer in the catalogs', async () => {
    const u = await createUser(t, { role: 'publisher' });
    const token = await login(t, u.email, u.password);
    await t.database.db.insert(notifications).values({
      userId: u.id,
      category: 'system',
      title: 'Old words',
      body: 'Old body',
      texts: { title: { key: 'notifications:gone.title' }, body: { key: 'notifications:gone.body' } },
    });
    const [row] = (await list(token)).filter((n) => n.category === 'system');
    expect(row).toMatchObject({ title: 'Old words', body: 'Old body' });
  });

  it('words the platform’s own reason for an unpaid conversion in the reader’s language, a person’s as written', async () => {
    const u = await createUser(t, { role: 'publisher' });
    const token = await login(t, u.email, u.password);
    await setLanguage(token, 'en');
    const campaign = { name: 'Nordic Shoes', currency: 'DKK' } as CampaignRow;
    const unpaid = (id: string, reason: string) =>
      ({ id, publisherId: u.id, status: 'rejected', amountMinor: 1500, reason }) as CommissionRow;
    await insertNotifications(t.database.db, [
      conversionNotice(campaign, unpaid('00000000-0000-4000-8000-0000000000c1', DAILY_CAP_REASON)),
      conversionNotice(campaign, unpaid('00000000-0000-4000-8000-0000000000c2', 'Ordren blev annulleret')),
    ]);
    const bodies = async () =>
      (await list(token))
        .filter((n) => n.category === 'conversion')
        .map((n) => n.body)
        .sort();
    expect(await bodies()).toEqual([
      'Nordic Shoes: Ordren blev annulleret.',
      'Nordic Shoes: the campaign’s daily cap was reached.',
    ]);
    await setLanguage(token, 'da');
    expect(await bodies()).toEqual([
      'Nordic Shoes: Ordren blev annulleret.',
      'Nordic Shoes: kampagnens daglige loft er nået.',
    ]);
  });
});
