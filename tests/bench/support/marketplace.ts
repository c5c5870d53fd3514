import { api, login, pool, verificationSite } from './fixtures';
import { BENCH_ADMIN } from './server';

export const MARKETPLACE_PASSWORD = 'bench-password-123';

/** The email `createMarketplace` gives its i-th (0-based) advertiser or publisher. */
export const marketplaceEmail = (role: 'advertiser' | 'publisher', i: number) =>
  `${role}-${i + 1}@bench.test`;

export interface MarketplaceOptions {
  advertisers: number;
  campaigns: number;
  publishers: number;
  /** campaigns each publisher applies to (and so tracking links per publisher) */
  campaignsPerPublisher: number;
}

export interface Marketplace {
  advertisers: { id: string; email: string }[];
  publishers: { id: string; email: string }[];
  campaigns: { id: string; advertiserId: string }[];
  links: number;
}

const CATEGORIES = ['travel', 'fashion', 'electronics', 'finance', 'software'];

/**
 * A marketplace made over HTTP the way people make it: the admin creates the advertisers and the
 * publishers; the advertisers create active, auto-approving campaigns (USD; CPA, every fourth revshare);
 * each publisher adds a website, verifies it (file method, against a server on 127.0.0.1) and applies to
 * `campaignsPerPublisher` campaigns, each approval handing out a tracking link. A few requests at a time.
 */
export async function createMarketplace(baseUrl: string, options: MarketplaceOptions): Promise<Marketplace> {
  const adminToken = await login(baseUrl, BENCH_ADMIN.email, BENCH_ADMIN.password);
  const createUser = async (role: 'advertiser' | 'publisher', i: number) => {
    const email = marketplaceEmail(role, i);
    const created = await api<{ id: string }>(baseUrl, 'POST', '/api/admin/users', {
      token: adminToken,
      body: { email, name: `Bench ${role} ${i + 1}`, role, password: MARKETPLACE_PASSWORD },
    });
    return { id: created.id, email };
  };
  const advertisers = await pool(range(options.advertisers), 4, (i) => createUser('advertiser', i));
  const advertiserTokens = await pool(advertisers, 4, (a) => login(baseUrl, a.email, MARKETPLACE_PASSWORD));

  const campaigns = await pool(range(options.campaigns), 4, async (i) => {
    const owner = i % advertisers.length;
    const revshare = i % 4 === 3;
    const created = await api<{ id: string }>(baseUrl, 'POST', '/api/campaigns', {
      token: advertiserTokens[owner],
      body: {
        name: `Bench campaign ${i + 1}`,
        category: CATEGORIES[i % CATEGORIES.length],
        landing_url: `https://shop${owner + 1}.example/landing?c=${i + 1}`,
        currency: 'USD',
        commission_model: revshare ? 'revshare' : 'cpa',
        ...(revshare ? { revshare_bps: 800 } : { payout_minor: 1000 + (i % 5) * 500 }),
        status: 'active',
        approval_mode: 'auto',
      },
    });
    return { id: created.id, advertiserId: advertisers[owner]!.id };
  });

  const tokens: string[] = [];
  const site = await verificationSite(tokens);
  let links = 0;
  try {
    const publishers = await pool(range(options.publishers), 6, async (i) => {
      const publisher = await createUser('publisher', i);
      const token = await login(baseUrl, publisher.email, MARKETPLACE_PASSWORD);
      const website = await api<{ id: string; verification_token: string }>(
        baseUrl,
        'POST',
        '/api/websites',
        {
          token,
          body: { url: site.url, name: `Bench site ${i + 1}`, category: CATEGORIES[i % CATEGORIES.length] },
        },
      );
      tokens.push(website.verification_token);
      const verified = await api<{ verification_status: string; verification_error: string | null }>(
        baseUrl,
        'POST',
        `/api/websites/${website.id}/verify`,
        { token, body: { method: 'file' }, expect: 200 },
      );
      if (verified.verification_status !== 'verified')
        throw new Error(`website verification failed: ${verified.verification_error}`);
      // consecutive campaigns from a per-publisher offset: every campaign gets publishers
      for (let k = 0; k < options.campaignsPerPublisher; k++) {
        const campaign = campaigns[(i * 7 + k) % campaigns.length]!;
        const application = await api<{ tracking_code: string | null; status: string }>(
          baseUrl,
          'POST',
          '/api/applications',
          { token, body: { campaign_id: campaign.id, website_id: website.id } },
        );
        if (!application.tracking_code) throw new Error(`application not approved: ${application.status}`);
        links++;
      }
      return publisher;
    });
    return { advertisers, publishers, campaigns, links };
  } finally {
    await site.close();
  }
}

function range(n: number): number[] {
  return Array.from({ length: n }, (_, i) => i);
}
