import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { envSchema, loadConfig, testConfig, trustProxyFrom } from '../../../server/config';

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

describe('SEED', () => {
  it.each([
    [{}, 'demo'],
    [{ NODE_ENV: 'development' }, 'demo'],
    [{ NODE_ENV: 'production' }, 'none'],
    [{ DATABASE_URL: 'postgres://db.example/affilio' }, 'none'],
    [{ NODE_ENV: 'production', SEED: 'demo' }, 'demo'],
    [{ DATABASE_URL: 'postgres://db.example/affilio', SEED: 'demo' }, 'demo'],
    [{ SEED: 'none' }, 'none'],
  ])('%j → %s: the demo only on a developer machine or when asked for', (env, expected) =>
    expect(loadConfig(env).seed).toBe(expected),
  );

  it('refuses anything else, naming the variable', () => {
    expect(() => loadConfig({ SEED: 'yes' })).toThrow(/SEED/);
  });
});

describe('EMAIL_VERIFICATION', () => {
  it.each([
    [{}, false],
    [{ NODE_ENV: 'development' }, false],
    [{ NODE_ENV: 'production' }, true],
    [{ DATABASE_URL: 'postgres://db.example/affilio' }, true],
    [{ NODE_ENV: 'production', EMAIL_VERIFICATION: 'off' }, false],
    [{ EMAIL_VERIFICATION: 'on' }, true],
  ])('%j → required %s: on by default where the install looks real, like SEED', (env, expected) =>
    expect(loadConfig(env).requireEmailVerification).toBe(expected),
  );

  it('refuses anything else, naming the variable, and is off in tests unless a test turns it on', () => {
    expect(() => loadConfig({ EMAIL_VERIFICATION: 'yes' })).toThrow(/EMAIL_VERIFICATION/);
    expect(testConfig().requireEmailVerification).toBe(false);
    expect(testConfig().rateLimits.resendVerificationPerAccount.windowMs).toBe(3_600_000);
  });
});

describe('ADMIN_PASSWORD', () => {
  it.each(['affilio-demo', 'affilio-admin', 'AFFILIO-ADMIN'])('refuses the published %j', (password) =>
    expect(() => loadConfig({ ADMIN_PASSWORD: password })).toThrow(/ADMIN_PASSWORD .*demo password/),
  );

  it('takes any other', () => {
    expect(loadConfig({ ADMIN_PASSWORD: 'a-real-secret-pw' }).adminPassword).toBe('a-real-secret-pw');
  });
});

describe('the environment schema', () => {
  const example = readFileSync(path.resolve(import.meta.dirname, '../../../.env.example'), 'utf8');
  const documented = new Map(
    example
      .split('\n')
      .filter((line) => /^[A-Z][A-Z0-9_]*=/.test(line))
      .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
  );

  it('has every variable it knows in .env.example, and no other', () => {
    expect([...documented.keys()].sort()).toEqual(Object.keys(envSchema.shape).sort());
  });

  it('accepts .env.example as it stands, giving the defaults', () => {
    const fromExample = loadConfig(Object.fromEntries(documented));
    expect(fromExample).toEqual(loadConfig({}));
  });

  it('names every bad variable in one error, without echoing secrets', () => {
    let message = '';
    try {
      loadConfig({
        PORT: 'abc',
        LOG_LEVEL: 'loud',
        DATABASE_URL: 'mysql://root:hunter2@db',
        JWT_TTL_SECONDS: '-1',
      });
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toMatch(/PORT must be a whole number from 0 to 65535, got "abc"/);
    expect(message).toMatch(
      /LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent, got "loud"/,
    );
    expect(message).toMatch(/JWT_TTL_SECONDS must be a whole number/);
    expect(message).toMatch(/DATABASE_URL must be a postgres:\/\/ or postgresql:\/\/ URL/);
    expect(message).not.toContain('hunter2');
  });

  it('treats an empty variable as unset', () => {
    expect(loadConfig({ PORT: '', HOST: '', LOG_LEVEL: '', SEED: '' })).toEqual(loadConfig({}));
  });
});
