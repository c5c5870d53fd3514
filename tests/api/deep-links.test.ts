import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { campaigns } from '../../server/db/schema/marketplace';
import { allowedDeepLink, normalizeDeepLinkHost } from '../../contracts/deep-links';
import { call, type TestApp } from './support/test-app';
import {
  approvedLink,
  appWithParties,
  clickOn,
  party,
  type LinkFixture,
  type Party,
} from './support/tracking-fixtures';

let t: TestApp;
let adv: Party;
let pub: Party;
let link: LinkFixture;

beforeAll(async () => {
  ({ t, adv, pub } = await appWithParties());
  link = await approvedLink(t, adv, pub, { landing_url: 'https://shop.example/landing?ref=affilio' });
});
afterAll(() => t.close());

const LANDING = 'https://shop.example/landing';
let ips = 0;
/** Where `/t/{code}?url=…` sends the visitor. */
async function deepLink(url: string, extra = '', code = link.code) {
  const { res, location } = await clickOn(t, code, {
    query: `?url=${encodeURIComponent(url)}${extra}`,
    ip: `198.51.100.${++ips}`,
  });
  expect(res.statusCode).toBe(302);
  return new URL(location!);
}
const base = (u: URL) => `${u.origin}${u.pathname}`;

describe('deep links', () => {
  it('defaults the allowed hosts to the landing URL’s host', async () => {
    const res = await call(t, 'GET', `/api/campaigns/${link.campaign.id}`, { token: adv.token });
    expect(res.json().deep_link_hosts).toEqual(['shop.example']);
  });

  it('sends the visitor to an allowed page with click_id and the sub-ids', async () => {
    const to = await deepLink('https://shop.example/products/42?color=red#size', '&sub1=podcast');
    expect(base(to)).toBe('https://shop.example/products/42');
    expect(to.searchParams.get('color')).toBe('red');
    expect(to.searchParams.get('sub1')).toBe('podcast');
    expect(to.searchParams.get('click_id')).toMatch(/^[A-Za-z0-9_-]+$/);
    // upper-case host and http are the same host
    expect(base(await deepLink('HTTP://SHOP.EXAMPLE/Up'))).toBe('http://shop.example/Up');
  });

  it('never redirects off the list: tricky URLs go to the landing page', async () => {
    const tricky = [
      '//evil.com/',
      'https://shop.example@evil.com/',
      'https://user:pw@shop.example/',
      'javascript:alert(document.cookie)',
      'data:text/html,<script>alert(1)</script>',
      'https:\\\\evil.com',
      'https:/\\evil.com/',
      '/\\evil.com',
      'https://evil.com\\@shop.example/',
      'https://shop.example%2F@evil.com/',
      'https://shop.example.evil.com/',
      'https://evilshop.example/',
      'ftp://shop.example/file',
      ' https://evil.com',
      'https://evil.com/https://shop.example/',
      'not a url',
      '',
    ];
    for (const url of tricky) {
      const to = await deepLink(url);
      expect(base(to), url).toBe(LANDING);
      expect(to.searchParams.get('ref')).toBe('affilio');
    }
  });

  it('takes the advertiser’s hosts, normalized, with *.domain for subdomains', async () => {
    const res = await call(t, 'PUT', `/api/campaigns/${link.campaign.id}`, {
      token: adv.token,
      payload: { deep_link_hosts: ['Shop.Example', '*.Brand.example', 'bücher.example', 'shop.example'] },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().deep_link_hosts).toEqual(['shop.example', '*.brand.example', 'xn--bcher-kva.example']);
    expect(base(await deepLink('https://a.b.brand.example/x'))).toBe('https://a.b.brand.example/x');
    expect(base(await deepLink('https://brand.example/y'))).toBe('https://brand.example/y');
    expect(base(await deepLink('https://notbrand.example/y'))).toBe(LANDING);
    expect(base(await deepLink('https://BÜCHER.example/buch'))).toBe('https://xn--bcher-kva.example/buch');
    expect(base(await deepLink('https://brand.example.evil.com/'))).toBe(LANDING);
  });

  it('refuses hosts that are not host names with 422 and changes nothing', async () => {
    const [before] = await t.database.db.select().from(campaigns).where(eq(campaigns.id, link.campaign.id));
    for (const host of [
      'https://shop.example',
      'shop.example/path',
      'user@shop.example',
      'shop.example:8080',
      'localhost',
      '*',
      '*.',
      '',
      'a b.example',
      'shop..example',
    ]) {
      const res = await call(t, 'PUT', `/api/campaigns/${link.campaign.id}`, {
        token: adv.token,
        payload: { deep_link_hosts: [host] },
      });
      expect(res.statusCode, host).toBe(422);
      expect(res.json().detail).toMatch(/deep_link_hosts/);
    }
    const [after] = await t.database.db.select().from(campaigns).where(eq(campaigns.id, link.campaign.id));
    expect(after!.deepLinkHosts).toEqual(before!.deepLinkHosts);
  });

  it('lets only the campaign’s advertiser change the hosts (another advertiser: 404)', async () => {
    const other = await party(t, 'advertiser');
    const res = await call(t, 'PUT', `/api/campaigns/${link.campaign.id}`, {
      token: other.token,
      payload: { deep_link_hosts: ['evil.com'] },
    });
    expect(res.statusCode).toBe(404);
    const publisher = await call(t, 'PUT', `/api/campaigns/${link.campaign.id}`, {
      token: pub.token,
      payload: { deep_link_hosts: ['evil.com'] },
    });
    expect(publisher.statusCode).toBe(403);
    expect(base(await deepLink('https://evil.com/'))).toBe(LANDING);
  });

  it('an empty list falls back to the landing URL’s host again', async () => {
    const res = await call(t, 'PUT', `/api/campaigns/${link.campaign.id}`, {
      token: adv.token,
      payload: { deep_link_hosts: [] },
    });
    expect(res.json().deep_link_hosts).toEqual(['shop.example']);
    expect(base(await deepLink('https://brand.example/y'))).toBe(LANDING);
  });
});

describe('the deep-link rule (contracts/deep-links.ts)', () => {
  it('normalizes hosts and checks URLs as browsers parse them', () => {
    expect(normalizeDeepLinkHost(' WWW.Shop.example ')).toBe('www.shop.example');
    expect(normalizeDeepLinkHost('*.shop.example')).toBe('*.shop.example');
    expect(normalizeDeepLinkHost('shop.example/')).toBeNull();
    expect(allowedDeepLink('https://shop.example/a', ['shop.example'])?.href).toBe('https://shop.example/a');
    expect(allowedDeepLink('https://shop.example:8443/a', ['shop.example'])?.hostname).toBe('shop.example');
    expect(allowedDeepLink('https:shop.example/a', ['shop.example'])?.href).toBe('https://shop.example/a');
    expect(allowedDeepLink('https://shop.example./a', ['shop.example'])).toBeNull();
    expect(allowedDeepLink('https://shop.example@evil.com', ['shop.example'])).toBeNull();
  });
});
