import { eq } from 'drizzle-orm';
import { websites } from '../../../server/db/schema/marketplace';
import { clicks } from '../../../server/db/schema/tracking';
import type { ConversionRequest } from '../../../server/modules/tracking/conversions';
import { loadRates } from '../../../server/platform/exchange-rates';
import { call, createTestApp, createUser, login, type TestApp } from './test-app';

export interface Party {
  id: string;
  token: string;
}

export async function party(t: TestApp, role: 'advertiser' | 'publisher' | 'admin'): Promise<Party> {
  const u = await createUser(t, { role });
  return { id: u.id, token: await login(t, u.email, u.password) };
}

/** A fresh test app with an advertiser and a publisher in it: the setup most tracking test files share. */
export async function appWithParties(): Promise<{ t: TestApp; adv: Party; pub: Party }> {
  const t = await createTestApp();
  return { t, adv: await party(t, 'advertiser'), pub: await party(t, 'publisher') };
}

export interface LinkFixture {
  campaign: { id: string; tracking_secret: string; currency: string; advertiser_id: string };
  code: string;
  applicationId: string;
}

let sites = 0;

/** An active campaign of `advertiser` with `publisher` approved on it (auto approval): its tracking code. */
export async function approvedLink(
  t: TestApp,
  advertiser: Party,
  publisher: Party,
  campaign: Record<string, unknown> = {},
): Promise<LinkFixture> {
  const created = await call(t, 'POST', '/api/campaigns', {
    token: advertiser.token,
    payload: {
      name: 'Tracked campaign',
      category: 'travel',
      landing_url: 'https://shop.example/landing?ref=affilio',
      currency: 'USD',
      commission_model: 'cpa',
      payout_minor: 1500,
      status: 'active',
      approval_mode: 'auto',
      ...campaign,
    },
  });
  if (created.statusCode !== 201) throw new Error(`campaign: ${created.statusCode} ${created.body}`);
  const c = created.json();
  sites += 1;
  const site = (
    await call(t, 'POST', '/api/websites', {
      token: publisher.token,
      payload: { url: `https://pub-${sites}-${Date.now()}.example`, name: 'Site', category: 'travel' },
    })
  ).json();
  await t.database.db
    .update(websites)
    .set({ verificationStatus: 'verified', verifiedAt: new Date() })
    .where(eq(websites.id, site.id));
  const applied = await call(t, 'POST', '/api/applications', {
    token: publisher.token,
    payload: { campaign_id: c.id, website_id: site.id },
  });
  if (applied.statusCode !== 201) throw new Error(`apply: ${applied.statusCode} ${applied.body}`);
  return { campaign: c, code: applied.json().tracking_code, applicationId: applied.json().id };
}

export const BROWSER_UA =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36';

/** A human click from `ip`; answers the click_id from the redirect. */
export async function clickOn(
  t: TestApp,
  code: string,
  options: { ip?: string; ua?: string; query?: string; method?: 'GET' | 'HEAD' } = {},
) {
  const res = await t.app.inject({
    method: options.method ?? 'GET',
    url: `/t/${code}${options.query ?? ''}`,
    // the visitor's own address (TRUST_PROXY is off: X-Forwarded-For would be ignored)
    remoteAddress: options.ip ?? '203.0.113.7',
    headers: { 'user-agent': options.ua ?? BROWSER_UA },
  });
  const location = res.headers.location as string | undefined;
  return { res, location, clickId: location ? new URL(location).searchParams.get('click_id')! : null };
}

export function postback(t: TestApp, payload: Record<string, unknown>) {
  return t.app.inject({ method: 'POST', url: '/api/postback', payload });
}

/**
 * Waits until a click is in the database: tests that hand conversions to a ConversionWriter directly skip
 * the route, which flushes a click still in the buffer first.
 */
export async function clickWritten(t: TestApp, clickId: string): Promise<void> {
  const db = t.database.db;
  for (let i = 0; (await db.select().from(clicks).where(eq(clicks.id, clickId))).length === 0; i++) {
    if (i > 100) throw new Error('the click was not written');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** A sale of 80.00 on a clicked link, as the postback route hands it to a ConversionWriter. */
export function saleRequest(
  t: TestApp,
  l: { clickId: string; campaign: { tracking_secret: string } },
  orderId: string,
): ConversionRequest {
  return {
    input: {
      clickId: l.clickId,
      orderId,
      amount: '80.00',
      event: 'sale',
      secret: l.campaign.tracking_secret,
      source: 'postback',
    },
    now: new Date(),
    rates: () => loadRates(t.database.db),
  };
}
