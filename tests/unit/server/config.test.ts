import { describe, expect, it } from 'vitest';
import { loadConfig, trustProxyFrom } from '../../../server/config';

describe('ALLOW_PRIVATE_NETWORKS', () => {
  it.each([
    [{}, false],
    [{ ALLOW_PRIVATE_NETWORKS: 'true' }, true],
    [{ ALLOW_PRIVATE_NETWORKS: '1' }, false],
    // the older name, from when only website verification used it
    [{ VERIFY_ALLOW_PRIVATE_NETWORKS: 'true' }, true],
  ])('%j → allowPrivateNetworks %s', (env, expected) =>
    expect(loadConfig(env).allowPrivateNetworks).toBe(expected),
  );
});

describe('TRUST_PROXY', () => {
  it.each([
    [undefined, false],
    ['', false],
    ['false', false],
    ['true', true],
    ['2', 2],
    ['10.0.0.1', ['10.0.0.1']],
    ['10.0.0.0/8, 192.168.1.1 ,::1', ['10.0.0.0/8', '192.168.1.1', '::1']],
    ['loopback', ['loopback']],
  ])('%j → %j', (value, expected) => expect(trustProxyFrom(value)).toEqual(expected));

  it.each(['yes', '10.0.0.300', 'proxy.example', '10.0.0.0/abc'])('refuses %j with a message', (value) =>
    expect(() => trustProxyFrom(value)).toThrow(/TRUST_PROXY must be/),
  );

  it('is off by default, so a client cannot choose its own address', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
  });
});
