import { describe, expect, it, vi } from 'vitest';
import { checkPushEndpoint, type ResolveHost } from '../../../server/modules/push/endpoint';

/** A DNS that knows only the names given; anything else does not resolve. */
const dnsOf =
  (records: Record<string, string[]>): ResolveHost =>
  async (hostname) => {
    const found = records[hostname];
    if (!found) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
    return found;
  };

const strict = (records: Record<string, string[]> = {}) => ({
  allowPrivate: false,
  resolveHost: dnsOf(records),
});
const refusal = (endpoint: string, rules = strict()) =>
  checkPushEndpoint(endpoint, rules).then(
    () => 'accepted',
    (err: { statusCode: number; detail: string }) => `${err.statusCode} ${err.detail}`,
  );

describe('checkPushEndpoint', () => {
  it('accepts an https endpoint whose host resolves only to public addresses', async () => {
    const rules = strict({ 'push.example.test': ['8.8.8.8', '2606:4700:4700::1111'] });
    await expect(checkPushEndpoint('https://push.example.test/send/abc', rules)).resolves.toBeUndefined();
    await expect(checkPushEndpoint('https://8.8.8.8/x', rules)).resolves.toBeUndefined();
  });

  it.each([
    'https://127.0.0.1/x',
    'https://[::1]/x',
    'https://192.0.2.10/x',
    'https://[::ffff:127.0.0.1]/x',
    'https://[::7f00:1]/x',
    'https://0x7f.1/x',
    'https://localhost/x',
    'https://LOCALHOST./x',
    'https://push.localhost/x',
  ])('refuses the local or private endpoint %s', async (endpoint) => {
    expect(await refusal(endpoint)).toMatch(/^422 The push service address must be on the public internet/);
  });

  it('refuses a name with any non-public address among its answers', async () => {
    const rules = strict({ 'rebind.example.test': ['8.8.8.8', '10.0.0.7'] });
    expect(await refusal('https://rebind.example.test/x', rules)).toMatch(/^422 .*not a local or private/);
  });

  it('refuses a name that does not resolve, or resolves to nothing', async () => {
    expect(await refusal('https://nowhere.example.test/x')).toBe(
      '422 The push service address could not be found',
    );
    expect(await refusal('https://empty.example.test/x', strict({ 'empty.example.test': [] }))).toBe(
      '422 The push service address could not be found',
    );
  });

  it('refuses anything but https', async () => {
    const rules = strict({ 'push.example.test': ['8.8.8.8'] });
    for (const endpoint of ['http://push.example.test/x', 'ftp://push.example.test/x', 'not a url']) {
      expect(await refusal(endpoint, rules), endpoint).toBe('422 endpoint must be an https URL');
    }
  });

  it('with private networks allowed, takes any https endpoint without asking DNS', async () => {
    const resolveHost = vi.fn(dnsOf({}));
    const rules = { allowPrivate: true, resolveHost };
    for (const endpoint of ['https://127.0.0.1:8443/x', 'https://localhost/x', 'https://push.intranet/x']) {
      await expect(checkPushEndpoint(endpoint, rules), endpoint).resolves.toBeUndefined();
    }
    expect(resolveHost).not.toHaveBeenCalled();
    expect(await refusal('http://127.0.0.1/x', rules)).toBe('422 endpoint must be an https URL');
  });
});
