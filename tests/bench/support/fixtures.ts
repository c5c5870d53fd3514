import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { BENCH_ADMIN } from './server';

export const BROWSER_UA =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';

export interface TrackedLink {
  campaignId: string;
  trackingSecret: string;
  code: string;
}

export interface Fixture {
  advertiserToken: string;
  publisherToken: string;
  links: TrackedLink[];
}

export async function api<T>(
  baseUrl: string,
  method: string,
  url: string,
  options: { token?: string; body?: unknown; expect?: number } = {},
): Promise<T> {
  const res = await fetch(`${baseUrl}${url}`, {
    method,
    headers: {
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const expected = options.expect ?? (method === 'POST' ? 201 : 200);
  const text = await res.text();
  if (res.status !== expected)
    throw new Error(`${method} ${url}: ${res.status} (wanted ${expected}) ${text}`);
  return (text ? JSON.parse(text) : null) as T;
}

export async function login(baseUrl: string, email: string, password: string): Promise<string> {
  const body = await api<{ access_token: string }>(baseUrl, 'POST', '/api/auth/login', {
    body: { email, password },
    expect: 200,
  });
  return body.access_token;
}

/** Serves /.well-known/affilio-verify.txt with every token it was given: a publisher's site on this machine. */
export async function verificationSite(tokens: string[]) {
  const server = createServer((_req, res) => res.end(tokens.join('\n')));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * Everything a tracking link needs, made the way people make it, over HTTP: the admin creates an
 * advertiser and a publisher; the advertiser creates `campaigns` active, auto-approving CPA campaigns;
 * the publisher adds a website, verifies it (file method, against a server on 127.0.0.1) and applies
 * to each campaign, which approves at once and hands out a tracking code.
 */
export async function createTrackedLinks(
  baseUrl: string,
  campaigns: number,
  campaign: Record<string, unknown> = {},
): Promise<Fixture> {
  const adminToken = await login(baseUrl, BENCH_ADMIN.email, BENCH_ADMIN.password);
  const tag = randomBytes(3).toString('hex');
  const password = 'bench-password-123';
  const people = { advertiser: `adv-${tag}@bench.test`, publisher: `pub-${tag}@bench.test` };
  for (const [role, email] of Object.entries(people)) {
    await api(baseUrl, 'POST', '/api/admin/users', {
      token: adminToken,
      body: { email, name: `Bench ${role}`, role, password },
    });
  }
  const advertiserToken = await login(baseUrl, people.advertiser, password);
  const publisherToken = await login(baseUrl, people.publisher, password);

  const tokens: string[] = [];
  const site = await verificationSite(tokens);
  try {
    const website = await api<{ id: string; verification_token: string }>(baseUrl, 'POST', '/api/websites', {
      token: publisherToken,
      body: { url: site.url, name: 'Bench site', category: 'travel' },
    });
    tokens.push(website.verification_token);
    const verified = await api<{ verification_status: string; verification_error: string | null }>(
      baseUrl,
      'POST',
      `/api/websites/${website.id}/verify`,
      { token: publisherToken, body: { method: 'file' }, expect: 200 },
    );
    if (verified.verification_status !== 'verified')
      throw new Error(`website verification failed: ${verified.verification_error}`);

    const links: TrackedLink[] = [];
    for (let i = 0; i < campaigns; i++) {
      const created = await api<{ id: string; tracking_secret: string }>(baseUrl, 'POST', '/api/campaigns', {
        token: advertiserToken,
        body: {
          name: `Bench campaign ${i + 1}`,
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
      const application = await api<{ tracking_code: string | null; status: string }>(
        baseUrl,
        'POST',
        '/api/applications',
        { token: publisherToken, body: { campaign_id: created.id, website_id: website.id } },
      );
      if (!application.tracking_code) throw new Error(`application not approved: ${application.status}`);
      links.push({
        campaignId: created.id,
        trackingSecret: created.tracking_secret,
        code: application.tracking_code,
      });
    }
    return { advertiserToken, publisherToken, links };
  } finally {
    await site.close();
  }
}

/**
 * The n-th visitor's address: each click its own, consecutive ones in different /24 networks (65,536 of them, in
 * 10.0.0.0/8), as a campaign's visitors come from many networks: the bench's hundred thousand conversions a day
 * stay under the fraud rules' default of 5 a day from one network, as ordinary traffic does. (Until 2026-11-29
 * the visitors shared 1,024 addresses in four /24s, then 512 /24s: every network had dozens to thousands of
 * conversions a day, so the rules held about half of them for review — docs/benchmarks.md.)
 */
export function visitorIp(n: number): string {
  const network = n % 65_536;
  return `10.${network >> 8}.${network & 255}.${1 + (Math.floor(n / 65_536) % 254)}`;
}

/** Follows nothing: one click on /t/{code}; the click id from the redirect. */
export async function click(baseUrl: string, code: string, ip: string): Promise<string> {
  const res = await fetch(`${baseUrl}/t/${code}`, {
    redirect: 'manual',
    headers: { 'user-agent': BROWSER_UA, 'x-forwarded-for': ip },
  });
  await res.arrayBuffer();
  const location = res.headers.get('location');
  if (res.status !== 302 || !location) throw new Error(`click: ${res.status}`);
  return new URL(location).searchParams.get('click_id')!;
}

/** Runs `task` over `items` with at most `concurrency` at once; results in input order. */
export async function pool<T, R>(
  items: T[],
  concurrency: number,
  task: (item: T, i: number) => Promise<R>,
): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await task(items[i]!, i);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, items.length) }, worker));
  return results;
}
