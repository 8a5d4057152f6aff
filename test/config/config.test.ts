import os from 'node:os';
import path from 'node:path';
import { ConfigError, loadConfig } from '../../src/config';

const KEY_A = 'a'.repeat(32);
const KEY_B = 'b'.repeat(40);

/** The message of the ConfigError that loadConfig throws for this environment. */
function refusal(env: Record<string, string>): string {
  try {
    loadConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  throw new Error(`loadConfig accepted ${JSON.stringify(env)}`);
}

describe('loadConfig', () => {
  it('starts with no settings at all', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      NODE_ENV: 'development',
      PORT: 3000,
      HOST: '0.0.0.0',
      EVENT_STORE: 'postgres',
      LOG_LEVEL: 'info',
      DEMO_MENU: true,
      publicOrigin: 'http://localhost:3000',
    });
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.SESSION_KEYS).toBeUndefined();
    expect(config.ADMIN_PASSWORD).toBeUndefined();
    expect(config.dataDir).toBe(path.resolve(process.cwd(), '.data'));
    expect(path.isAbsolute(config.dataDir)).toBe(true);
  });

  it('reads the environment it is given, not process.env, and leaves it unchanged', () => {
    const saved = process.env.PORT;
    process.env.PORT = '4444';
    try {
      const env = { DATA_DIR: 'somewhere' };
      expect(loadConfig(env).PORT).toBe(3000);
      expect(env).toEqual({ DATA_DIR: 'somewhere' });
    } finally {
      if (saved === undefined) delete process.env.PORT;
      else process.env.PORT = saved;
    }
  });

  it('parses the values it is given', () => {
    const dataDir = path.join(os.tmpdir(), 'shop-config-test');
    const config = loadConfig({
      NODE_ENV: 'production',
      PORT: '8080',
      DATA_DIR: dataDir,
      DATABASE_URL: 'postgresql://shop:pw@db.internal:5432/shop',
      EVENT_STORE: 'esdb',
      EVENTSTORE_CONNECTION_STRING: 'esdb+discover://events.internal:2113',
      SESSION_KEYS: ` ${KEY_A} , ${KEY_B}`,
      PUBLIC_ORIGIN: 'https://shop.example',
      DEMO_MENU: 'false',
    });
    expect(config).toMatchObject({
      NODE_ENV: 'production',
      PORT: 8080,
      dataDir,
      DATABASE_URL: 'postgresql://shop:pw@db.internal:5432/shop',
      EVENT_STORE: 'esdb',
      EVENTSTORE_CONNECTION_STRING: 'esdb+discover://events.internal:2113',
      SESSION_KEYS: [KEY_A, KEY_B],
      publicOrigin: 'https://shop.example',
      DEMO_MENU: false,
    });
  });

  it('treats an empty or blank variable as unset', () => {
    const config = loadConfig({ DATABASE_URL: '', SESSION_KEYS: '   ', ADMIN_PASSWORD: '', PUBLIC_ORIGIN: '' });
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.SESSION_KEYS).toBeUndefined();
    expect(config.ADMIN_PASSWORD).toBeUndefined();
    expect(config.publicOrigin).toBe('http://localhost:3000');
  });

  it('reduces PUBLIC_ORIGIN to the origin a browser sends', () => {
    expect(loadConfig({ PUBLIC_ORIGIN: 'https://shop.example/' }).publicOrigin).toBe('https://shop.example');
    expect(loadConfig({ PUBLIC_ORIGIN: 'https://Shop.Example:8443/menu' }).publicOrigin).toBe('https://shop.example:8443');
  });

  it.each([
    ['PORT', { PORT: 'abc' }],
    ['PORT', { PORT: '70000' }],
    ['PORT', { PORT: '80.5' }],
    ['NODE_ENV', { NODE_ENV: 'staging' }],
    ['EVENT_STORE', { EVENT_STORE: 'mysql' }],
    ['SESSION_KEYS', { SESSION_KEYS: 'too-short' }],
    ['SESSION_KEYS', { SESSION_KEYS: `${KEY_A},too-short` }],
    ['EVENTSTORE_CONNECTION_STRING', { EVENT_STORE: 'esdb' }],
    ['EVENTSTORE_CONNECTION_STRING', { EVENT_STORE: 'esdb', EVENTSTORE_CONNECTION_STRING: 'http://events:2113' }],
    ['DATABASE_URL', { DATABASE_URL: 'mysql://shop@db/shop' }],
    ['DATABASE_URL', { DATABASE_URL: 'not a url' }],
    ['PUBLIC_ORIGIN', { PUBLIC_ORIGIN: 'javascript:alert(1)' }],
    ['PUBLIC_ORIGIN', { PUBLIC_ORIGIN: 'shop.example' }],
    ['ADMIN_PASSWORD', { ADMIN_PASSWORD: 'short' }],
    ['ADMIN_EMAIL', { ADMIN_EMAIL: 'not-an-email' }],
    ['LOG_LEVEL', { LOG_LEVEL: 'verbose' }],
  ])('names %s when it is wrong (%j)', (variable, env) => {
    const message = refusal(env);
    expect(message).toMatch(new RegExp(`^\\s+${variable}(\\.\\d+)?: `, 'm'));
    // Only the wrong variable is named.
    const named = message
      .split('\n')
      .slice(1)
      .map((line) => line.trim().split(/[.:]/)[0]);
    expect(named).toEqual([variable]);
  });

  it('names every wrong variable at once', () => {
    const message = refusal({ PORT: 'abc', EVENT_STORE: 'mysql', SESSION_KEYS: 'short' });
    expect(message).toContain('PORT');
    expect(message).toContain('EVENT_STORE');
    expect(message).toContain('SESSION_KEYS');
  });

  it('never repeats a secret in its message', () => {
    const message = refusal({
      DATABASE_URL: 'mysql://shop:hunter2-db-secret@db/shop',
      SESSION_KEYS: 'short-secret-key',
      ADMIN_PASSWORD: 'pw-secret',
    });
    for (const secret of ['hunter2-db-secret', 'short-secret-key', 'pw-secret']) expect(message).not.toContain(secret);
  });

  it('gives independent configs for independent environments', () => {
    const first = loadConfig({ PORT: '3001', DATA_DIR: '/tmp/shop-one' });
    const second = loadConfig({ PORT: '3002', DATA_DIR: '/tmp/shop-two' });
    expect([first.PORT, first.dataDir, first.publicOrigin]).toEqual([3001, '/tmp/shop-one', 'http://localhost:3001']);
    expect([second.PORT, second.dataDir, second.publicOrigin]).toEqual([3002, '/tmp/shop-two', 'http://localhost:3002']);
    (first as { PORT: number }).PORT = 9999;
    expect(second.PORT).toBe(3002);
    expect(loadConfig({ PORT: '3001', DATA_DIR: '/tmp/shop-one' }).PORT).toBe(3001);
  });

  it('refuses to start in production without PUBLIC_ORIGIN, which its mails link to (issues 31 and 38)', () => {
    expect(refusal({ NODE_ENV: 'production' })).toContain('PUBLIC_ORIGIN: is required in production');
    expect(loadConfig({ NODE_ENV: 'production', PUBLIC_ORIGIN: 'https://shop.example' }).publicOrigin).toBe('https://shop.example');
    // The demo shop (`npm start`) and the tests start without it, linking to this machine.
    expect(loadConfig({ NODE_ENV: 'development', PORT: '3000' }).publicOrigin).toBe('http://localhost:3000');
  });

  it('takes the three Stripe settings together, refuses one alone or a secret key as the publishable one, and the fake in production', () => {
    const stripe = { STRIPE_SECRET_KEY: 'sk_test_abc123', STRIPE_PUBLISHABLE_KEY: 'pk_test_abc123', STRIPE_WEBHOOK_SECRET: 'whsec_abc123' };
    expect(loadConfig(stripe)).toMatchObject(stripe);
    expect(refusal({ STRIPE_SECRET_KEY: 'sk_test_abc123' })).toContain('card payments need all three');
    expect(refusal({ ...stripe, STRIPE_PUBLISHABLE_KEY: 'sk_test_abc123' })).toContain('STRIPE_PUBLISHABLE_KEY: must be a Stripe publishable key');
    expect(loadConfig({ ...stripe, STRIPE_API_URL: 'http://127.0.0.1:12111' }).STRIPE_API_URL).toBe('http://127.0.0.1:12111');
    expect(refusal({ ...stripe, STRIPE_API_URL: 'http://127.0.0.1:12111', NODE_ENV: 'production', DATABASE_URL: 'postgres://x@y/z' })).toContain(
      'STRIPE_API_URL: is for the local fake Stripe only',
    );
  });

  it('takes the four PayPal settings together or none, and refuses the fake PayPal in production or beside real settings (issue 36)', () => {
    const paypal = { PAYPAL_CLIENT_ID: 'client-id', PAYPAL_CLIENT_SECRET: 'secret', PAYPAL_WEBHOOK_ID: 'WH-1', PAYPAL_BASE_URL: 'https://api-m.sandbox.paypal.com' };
    expect(loadConfig(paypal)).toMatchObject(paypal);
    expect(refusal({ PAYPAL_CLIENT_ID: 'client-id' })).toContain('PayPal needs all four');
    expect(refusal({ ...paypal, PAYPAL_BASE_URL: '' })).toContain('PayPal needs all four');
    expect(loadConfig({ FAKE_PAYPAL: 'true' }).FAKE_PAYPAL).toBe(true);
    const production = { NODE_ENV: 'production', PUBLIC_ORIGIN: 'https://shop.example', DATABASE_URL: 'postgres://x@y/z' };
    expect(refusal({ FAKE_PAYPAL: 'true', ...production })).toContain('FAKE_PAYPAL: is for the demo shop and tests only');
    expect(refusal({ FAKE_PAYPAL: 'true', ...paypal })).toContain('FAKE_PAYPAL: fakes PayPal');
    expect(refusal({ ...paypal, PAYPAL_BASE_URL: 'http://127.0.0.1:1234', ...production })).toContain("PAYPAL_BASE_URL: must be PayPal's https:// API in production");
  });

  it('takes the metrics port and token, each off when unset, and refuses a weak token or the shop port (issue 40)', () => {
    expect(loadConfig({ METRICS_PORT: '', METRICS_TOKEN: ' ' })).toMatchObject({ METRICS_PORT: undefined, METRICS_TOKEN: undefined });
    const token = 'c'.repeat(24);
    expect(loadConfig({ METRICS_PORT: '9464', METRICS_TOKEN: token })).toMatchObject({ METRICS_PORT: 9464, METRICS_TOKEN: token });
    expect(loadConfig({ METRICS_PORT: '0' }).METRICS_PORT).toBe(0);
    expect(refusal({ METRICS_PORT: '3000' })).toContain('METRICS_PORT: must differ from PORT');
    expect(refusal({ METRICS_PORT: 'ninety' })).toContain('METRICS_PORT');
    const short = refusal({ METRICS_TOKEN: 'short-metrics-secret' });
    expect(short).toContain('METRICS_TOKEN: needs at least 24 characters');
    expect(short).not.toContain('short-metrics-secret');
    expect(refusal({ METRICS_TOKEN: `${token} with spaces` })).toContain('METRICS_TOKEN: must be printable ASCII without spaces');
  });
});
