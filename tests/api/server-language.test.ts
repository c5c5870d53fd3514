import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payouts } from '../../server/db/schema/billing';
import { websites } from '../../server/db/schema/marketplace';
import { notifications } from '../../server/db/schema/notifications';
import { mailOutbox } from '../../server/db/schema/platform';
import { pdfText } from './support/pdf';
import { call, createTestApp, createUser, login, type TestApp } from './support/test-app';

// Server-written texts (issue #45) go out in the recipient's `users.language`: a Danish publisher and an
// English one in the same run each get their own language, whoever triggered the text.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ appUrl: 'https://affilio.example' });
}, 180_000);
afterAll(() => t.close());

interface Member {
  id: string;
  email: string;
  token: string;
}

async function member(role: 'advertiser' | 'publisher', language: 'en' | 'da'): Promise<Member> {
  const u = await createUser(t, { role });
  const token = await login(t, u.email, u.password);
  const set = await call(t, 'PUT', '/api/auth/profile', { token, payload: { language } });
  expect(set.statusCode).toBe(200);
  return { id: u.id, email: u.email, token };
}

async function verifiedSite(pub: Member, host: string): Promise<string> {
  const site = await call(t, 'POST', '/api/websites', {
    token: pub.token,
    payload: { url: `https://${host}-${Date.now()}.example`, name: 'Site', category: 'travel' },
  });
  expect(site.statusCode).toBe(201);
  const id = site.json().id as string;
  await t.database.db
    .update(websites)
    .set({ verificationStatus: 'verified', verifiedAt: new Date() })
    .where(eq(websites.id, id));
  return id;
}

async function latestNotification(userId: string, category: 'application') {
  await t.app.settle();
  const [row] = await t.database.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.category, category)))
    .orderBy(desc(notifications.createdAt))
    .limit(1);
  return row;
}

describe('texts the server writes, in the recipient’s language', { timeout: 120_000 }, () => {
  it('asks a Danish publisher to complete the profile in Danish, an English one in English', async () => {
    const danish = await member('publisher', 'da');
    const english = await member('publisher', 'en');
    const countryNote = async (who: Member) => {
      const check = await call(t, 'POST', '/api/notifications/check-profile-completion', { token: who.token });
      expect(check.statusCode).toBe(200);
      const list = (
        await call(t, 'GET', '/api/notifications/profile-completion', { token: who.token })
      ).json() as { title: string; body: string; data: { missing_field: string } }[];
      return list.find((n) => n.data.missing_field === 'country');
    };
    expect(await countryNote(danish)).toMatchObject({
      title: 'Udfyld din profil: tilføj land',
      body: 'Der mangler land i din profil. Tilføj oplysningen i din profil for at gøre din konto klar.',
    });
    expect(await countryNote(english)).toMatchObject({
      title: 'Complete your profile: add your country',
      body: 'Your profile is missing your country. Add it in your profile to finish setting up your account.',
    });
  });

  it('tells a Danish publisher of an approved application in Danish, an English one in English', async () => {
    const adv = await member('advertiser', 'en');
    const [dansk, english] = await Promise.all([member('publisher', 'da'), member('publisher', 'en')]);
    const campaign = await call(t, 'POST', '/api/campaigns', {
      token: adv.token,
      payload: {
        name: 'Nordlys Rejser',
        category: 'travel',
        landing_url: 'https://shop.example/landing',
        currency: 'DKK',
        commission_model: 'cpa',
        payout_minor: 1500,
        status: 'active',
        approval_mode: 'manual',
      },
    });
    expect(campaign.statusCode).toBe(201);
    for (const pub of [dansk, english]) {
      const website_id = await verifiedSite(pub, pub === dansk ? 'dansk' : 'english');
      const applied = await call(t, 'POST', '/api/applications', {
        token: pub.token,
        payload: { campaign_id: campaign.json().id, website_id },
      });
      expect(applied.statusCode).toBe(201);
      // the English advertiser is told of each application in English, whoever applied
      const told = await latestNotification(adv.id, 'application');
      expect(told?.title).toBe('New application for Nordlys Rejser');
      const approved = await call(t, 'POST', `/api/applications/${applied.json().id}/approve`, {
        token: adv.token,
      });
      expect(approved.statusCode).toBe(200);
    }
    const forDansk = await latestNotification(dansk.id, 'application');
    expect(forDansk?.title).toBe('Ansøgning godkendt: Nordlys Rejser');
    expect(forDansk?.body).toMatch(/^Du kan nu promovere Nordlys Rejser på https:\/\/dansk-/);
    expect(forDansk?.body).toContain('dit sporingslink er klar');
    const forEnglish = await latestNotification(english.id, 'application');
    expect(forEnglish?.title).toBe('Application approved: Nordlys Rejser');
    expect(forEnglish?.body).toContain('your tracking link is ready');
    // the in-app list answers the stored Danish text
    const list = await call(t, 'GET', '/api/notifications', { token: dansk.token });
    expect(JSON.stringify(list.json())).toContain('Ansøgning godkendt: Nordlys Rejser');
  });

  it('mails a Danish password reset to a Danish user and an English one to an English user', async () => {
    const [dansk, english] = await Promise.all([member('publisher', 'da'), member('publisher', 'en')]);
    for (const u of [dansk, english]) {
      const res = await call(t, 'POST', '/api/auth/forgot-password', { payload: { email: u.email } });
      expect(res.statusCode).toBe(200);
    }
    await t.app.settle();
    const mailTo = async (email: string) =>
      (await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, email)))[0];
    const da = await mailTo(dansk.email);
    expect(da?.subject).toBe('Nulstil din adgangskode til Affilio');
    expect(da?.text).toContain('Nogen har bedt om at nulstille adgangskoden til din Affilio-konto');
    expect(da?.text).toMatch(/https:\/\/affilio\.example\/reset-password\?token=[\w-]+/);
    const en = await mailTo(english.email);
    expect(en?.subject).toBe('Reset your Affilio password');
    expect(en?.text).toContain('Someone asked to reset the password of your Affilio account');
  });

  it('writes a Danish publisher’s payout statement in Danish, also when an admin downloads it', async () => {
    const [dansk, english] = await Promise.all([member('publisher', 'da'), member('publisher', 'en')]);
    const admin = await createUser(t, { role: 'admin' });
    const adminToken = await login(t, admin.email, admin.password);
    const paidAt = new Date('2026-03-05T12:00:00Z');
    const statementOf = async (pub: Member, token: string) => {
      const [payout] = await t.database.db
        .insert(payouts)
        .values({
          publisherId: pub.id,
          status: 'paid',
          amountMinor: 123456,
          currency: 'DKK',
          commissionCount: 0,
          method: { payout_method: 'bank_transfer', payout_details: 'DK50 0040 0440 1162 43' },
          reference: 'SEPA-77',
          paidAt,
        })
        .returning();
      const res = await call(t, 'GET', `/api/payouts/${payout!.id}/statement.pdf`, { token });
      expect(res.statusCode).toBe(200);
      return pdfText(res.rawPayload);
    };

    const da = await statementOf(dansk, adminToken);
    for (const expected of [
      'Udbetalingsopgørelse',
      'BETALT',
      'UDBETALT TIL',
      'Betalt den',
      '5. mar. 2026',
      'Overførselsreference',
      'Bankoverførsel',
      'Oversigt pr. kampagne og måned',
      'Udbetalt i alt (DKK)',
      'side 1 af 1',
    ]) {
      expect(da).toContain(expected);
    }
    // money keeps the spec's format in every language
    expect(da).toContain('1,234.56 DKK');
    expect(da).not.toContain('Payout statement');

    const en = await statementOf(english, english.token);
    for (const expected of [
      'Payout statement',
      'PAID',
      'PAID TO',
      '5 Mar 2026',
      'Bank transfer',
      'page 1 of 1',
    ]) {
      expect(en).toContain(expected);
    }
    expect(en).toContain('1,234.56 DKK');
    expect(en).not.toContain('Udbetal');
  });
});
