import path from 'node:path';
import { z } from 'zod';
import { holdShareSettings, LIVE_STREAMS_PER_ADDRESS, limitSettings, limitVariables, type HoldShares, type LimitSettings } from './limits';
import { isMasterKeyText } from './personal-data';
import { liveKeysProblem, type LiveKeys } from './shared/live-keys';

const optionalText = z
  .string()
  .trim()
  .transform((value) => (value === '' ? undefined : value))
  .optional();

const configSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().default('0.0.0.0'),
    DATA_DIR: z.string().min(1).default('./.data'),
    DATABASE_URL: optionalText.pipe(
      z.url({ protocol: /^postgres(ql)?$/, error: 'must be a postgres:// or postgresql:// URL' }).optional(),
    ),
    EVENT_STORE: z.enum(['postgres', 'esdb']).default('postgres'),
    EVENTSTORE_CONNECTION_STRING: optionalText.pipe(
      z.string().regex(/^esdb(\+discover)?:\/\//, 'must start with esdb:// or esdb+discover://').optional(),
    ),
    SESSION_KEYS: optionalText.pipe(
      z
        .string()
        .transform((value) => value.split(',').map((key) => key.trim()))
        .pipe(z.array(z.string().min(32, 'each key needs at least 32 characters')).min(1))
        .optional(),
    ),
    /** Wraps every person's data key (issue 15): 32 random bytes in base64; generated into DATA_DIR when unset. */
    PERSONAL_DATA_MASTER_KEY: optionalText.pipe(
      z.string().refine(isMasterKeyText, 'must be 32 bytes in base64 (openssl rand -base64 32)').optional(),
    ),
    ADMIN_EMAIL: z.email().default('admin@example.com'),
    ADMIN_PASSWORD: optionalText.pipe(z.string().min(12, 'needs at least 12 characters').optional()),
    /**
     * The origin browsers use to reach the shop; state-changing requests from any other origin are refused, and
     * mails link to it. Required in production (issues 31 and 38).
     */
    PUBLIC_ORIGIN: optionalText.pipe(z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' }).optional()),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    /** Minutes a basket keeps its units while untouched; then they go back to stock by themselves. */
    BASKET_HOLD_MINUTES: z.coerce.number().int().min(1).max(24 * 60).default(30),
    /** Minutes an OAuth access token opens the public API (issue 41); its refresh token then gets a new one. */
    OAUTH_ACCESS_TOKEN_MINUTES: z.coerce.number().int().min(1).max(24 * 60).default(15),
    /** Days an OAuth refresh token may be used (each use rotates it). */
    OAUTH_REFRESH_TOKEN_DAYS: z.coerce.number().int().min(1).max(365).default(30),
    /** Days a guest order's personal data is kept; the daily retention job erases it after that (issue 15). */
    GUEST_PII_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(90),
    /** Seed the demo takeaway menu on first start (a shop with a menu is never reseeded). */
    DEMO_MENU: z
      .enum(['true', 'false'])
      .default('true')
      .transform((value) => value === 'true'),
    /** Outgoing mail server, e.g. smtp://user:pass@mail.example.com:587; without it mail is written to DATA_DIR/mail. */
    SMTP_URL: optionalText.pipe(z.url({ protocol: /^smtps?$/, error: 'must be an smtp:// or smtps:// URL' }).optional()),
    MAIL_FROM: z.string().default('Spice Garden Takeaway <orders@spicegarden.example>'),
    /**
     * How long a mail being sent is held by the instance sending it: if that instance dies mid-send, another
     * sends it once this has passed (a repeat carries the same Message-ID).
     */
    /**
     * How often the store clock looks at the time (closing notices, the call to open): once a minute, run by one
     * instance however many there are. Shorter only for tests that watch it.
     */
    STORE_CLOCK_TICK_SECONDS: z.coerce.number().int().min(1).max(60).default(60),
    MAIL_LEASE_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
    /** The offline postcode table (default) or a postcodes.io-compatible service at POSTCODES_URL. */
    POSTCODE_LOOKUP: z.enum(['table', 'http']).default('table'),
    POSTCODES_URL: z.url().default('https://api.postcodes.io'),
    /** How often projection runners poll when no notification arrives. */
    PROJECTION_POLL_MS: z.coerce.number().int().min(10).max(60000).default(500),
    /** A verified replay's pace (issue 40 item 3): events applied to the shadow at a time, and the pause after each batch. */
    REPLAY_BATCH_SIZE: z.coerce.number().int().min(1).max(10000).default(200),
    REPLAY_PAUSE_MS: z.coerce.number().int().min(0).max(60000).default(20),
    /**
     * How many proxies in front of the shop append to X-Forwarded-For (default 1 in production, else 0); the
     * client address every limit keys on is the entry the outermost of them wrote.
     */
    TRUSTED_PROXY_HOPS: z.coerce.number().int().min(0).max(10).optional(),
    /** Seconds a client may take to send a request's headers, and its whole request. */
    HEADERS_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(600).default(20),
    REQUEST_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(600).default(30),
    /** The human check's work factor: PBKDF2 iterations per try, and the largest number a browser may try. */
    HUMAN_CHECK_COST: z.coerce.number().int().min(1).max(100_000).default(1000),
    HUMAN_CHECK_MAX_NUMBER: z.coerce.number().int().min(1).max(10_000_000).default(10_000),
    /** Live-update streams one client address may hold open at once (src/limits/live-streams.ts). */
    LIVE_STREAMS_PER_ADDRESS: z.coerce.number().int().min(1).max(1_000_000).default(LIVE_STREAMS_PER_ADDRESS),
    /** Card payments (issue 17): Stripe's secret and publishable keys and the webhook's signing secret. */
    STRIPE_SECRET_KEY: optionalText.pipe(z.string().regex(/^(sk|rk)_(test|live)_\w+$/, 'must be a Stripe secret key (sk_live_... or sk_test_...)').optional()),
    STRIPE_PUBLISHABLE_KEY: optionalText.pipe(z.string().regex(/^pk_(test|live)_\w+$/, 'must be a Stripe publishable key (pk_...)').optional()),
    STRIPE_WEBHOOK_SECRET: optionalText.pipe(z.string().regex(/^whsec_\w+$/, 'must be a webhook signing secret (whsec_...)').optional()),
    /** Another Stripe API origin: the local fake (tests, the demo shop). Refused in production. */
    STRIPE_API_URL: optionalText.pipe(z.url({ protocol: /^https?$/ }).optional()),
    /**
     * The demo shop and the browser tests: start the local fake Stripe API beside the shop, with test keys, and
     * show a small local card form instead of Stripe.js (which loads from Stripe). Refused in production.
     */
    FAKE_CARD_PAYMENTS: z.enum(['true', 'false']).default('false').transform((value) => value === 'true'),
    /**
     * PayPal (issue 36): the REST app's client id and secret, the id PayPal gave the shop's registered webhook, and
     * the API's base URL (https://api-m.paypal.com live, https://api-m.sandbox.paypal.com for the sandbox). All four
     * or none; without them PayPal is not offered.
     */
    PAYPAL_CLIENT_ID: optionalText,
    PAYPAL_CLIENT_SECRET: optionalText,
    PAYPAL_WEBHOOK_ID: optionalText,
    PAYPAL_BASE_URL: optionalText.pipe(z.url({ protocol: /^https?$/ }).optional()),
    /** How long one PayPal request may take before it is tried again (with the same PayPal-Request-Id). */
    PAYPAL_TIMEOUT_MS: z.coerce.number().int().min(50).max(60_000).default(10_000),
    /**
     * The demo shop and the browser tests: start the local fake PayPal API beside the shop (src/fake-paypal) and show
     * local stand-in buttons instead of PayPal's (which load from PayPal). Refused in production.
     */
    FAKE_PAYPAL: z.enum(['true', 'false']).default('false').transform((value) => value === 'true'),
    /**
     * The live channel's own keys (issue 30 item 1, the spec's PUSHER_APP_ID/KEY/SECRET): they sign every private
     * channel's token. All three or none; without them the settings screen saves them (the demo shop makes its own).
     */
    LIVE_APP_ID: optionalText,
    LIVE_APP_KEY: optionalText,
    LIVE_APP_SECRET: optionalText,
    /**
     * Prometheus metrics (issue 40 item 7) on a port of their own, bound to 127.0.0.1 only; unset, no such port
     * (`0` picks a free one).
     */
    METRICS_PORT: z.preprocess((value) => (typeof value === 'string' && value.trim() === '' ? undefined : value), z.coerce.number().int().min(0).max(65535).optional()),
    /** GET /metrics on the shop's own port with `Authorization: Bearer <token>`; unset, /metrics is not served there. */
    METRICS_TOKEN: optionalText.pipe(z.string().min(24, 'needs at least 24 characters (openssl rand -hex 24)').regex(/^[\x21-\x7e]+$/, 'must be printable ASCII without spaces').optional()),
    ...limitVariables,
  })
  .superRefine((config, context) => {
    const stripe = [config.STRIPE_SECRET_KEY, config.STRIPE_PUBLISHABLE_KEY, config.STRIPE_WEBHOOK_SECRET];
    if (stripe.some(Boolean) && !stripe.every(Boolean)) {
      context.addIssue({ code: 'custom', path: ['STRIPE_SECRET_KEY'], message: 'card payments need all three: STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET' });
    }
    if (config.FAKE_CARD_PAYMENTS && config.NODE_ENV === 'production') {
      context.addIssue({ code: 'custom', path: ['FAKE_CARD_PAYMENTS'], message: 'is for the demo shop and tests only, never in production' });
    }
    if (config.FAKE_CARD_PAYMENTS && config.STRIPE_SECRET_KEY) {
      context.addIssue({ code: 'custom', path: ['FAKE_CARD_PAYMENTS'], message: 'fakes card payments: leave the STRIPE_* keys unset with it' });
    }
    if (config.STRIPE_API_URL && config.NODE_ENV === 'production') {
      context.addIssue({ code: 'custom', path: ['STRIPE_API_URL'], message: 'is for the local fake Stripe only, never in production' });
    }
    const paypal = [config.PAYPAL_CLIENT_ID, config.PAYPAL_CLIENT_SECRET, config.PAYPAL_WEBHOOK_ID, config.PAYPAL_BASE_URL];
    if (paypal.some(Boolean) && !paypal.every(Boolean)) {
      context.addIssue({ code: 'custom', path: ['PAYPAL_CLIENT_ID'], message: 'PayPal needs all four: PAYPAL_CLIENT_ID, PAYPAL_CLIENT_SECRET, PAYPAL_WEBHOOK_ID and PAYPAL_BASE_URL' });
    }
    if (config.FAKE_PAYPAL && config.NODE_ENV === 'production') {
      context.addIssue({ code: 'custom', path: ['FAKE_PAYPAL'], message: 'is for the demo shop and tests only, never in production' });
    }
    if (config.FAKE_PAYPAL && config.PAYPAL_CLIENT_ID) {
      context.addIssue({ code: 'custom', path: ['FAKE_PAYPAL'], message: 'fakes PayPal: leave the PAYPAL_* settings unset with it' });
    }
    if (config.NODE_ENV === 'production' && config.PAYPAL_BASE_URL && !config.PAYPAL_BASE_URL.startsWith('https://')) {
      context.addIssue({ code: 'custom', path: ['PAYPAL_BASE_URL'], message: 'must be PayPal\'s https:// API in production' });
    }
    // Mails link to the shop (invitations, the order's status page): without it they would point at localhost.
    if (config.NODE_ENV === 'production' && !config.PUBLIC_ORIGIN) {
      context.addIssue({ code: 'custom', path: ['PUBLIC_ORIGIN'], message: 'is required in production: the origin customers reach the shop at, which its mails link to' });
    }
    const live = [config.LIVE_APP_ID, config.LIVE_APP_KEY, config.LIVE_APP_SECRET];
    if (live.some(Boolean)) {
      const problem = live.every(Boolean) ? liveKeysProblem(liveKeysOf(config)!) : 'the live update keys need all three: LIVE_APP_ID, LIVE_APP_KEY and LIVE_APP_SECRET';
      if (problem) context.addIssue({ code: 'custom', path: ['LIVE_APP_ID'], message: problem });
    }
    if (config.METRICS_PORT !== undefined && config.METRICS_PORT !== 0 && config.METRICS_PORT === config.PORT) {
      context.addIssue({ code: 'custom', path: ['METRICS_PORT'], message: 'must differ from PORT: the shop serves its metrics there only with METRICS_TOKEN' });
    }
    if (config.EVENT_STORE === 'esdb' && !config.EVENTSTORE_CONNECTION_STRING) {
      context.addIssue({
        code: 'custom',
        path: ['EVENTSTORE_CONNECTION_STRING'],
        message: 'is required when EVENT_STORE=esdb',
      });
    }
  });

export type Config = z.infer<typeof configSchema> & {
  dataDir: string;
  publicOrigin: string;
  trustedProxyHops: number;
  limits: LimitSettings;
  /** What one address's baskets may hold at once, in percent (issue 28). */
  holdShares: HoldShares;
  /** The live channel's keys from the environment, or undefined: then the settings screen's (src/live/live-keys.ts). */
  liveKeys: LiveKeys | undefined;
};

function liveKeysOf(config: { LIVE_APP_ID?: string; LIVE_APP_KEY?: string; LIVE_APP_SECRET?: string }): LiveKeys | undefined {
  const { LIVE_APP_ID: appId, LIVE_APP_KEY: key, LIVE_APP_SECRET: secret } = config;
  return appId && key && secret ? { appId, key, secret } : undefined;
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Parses the environment once; a wrong value stops start-up with a message naming the variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = configSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.') || '(environment)'}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const config = parsed.data;
  return {
    ...config,
    dataDir: path.resolve(config.DATA_DIR),
    // Browsers send the bare origin, so a trailing slash or path in PUBLIC_ORIGIN must not make every request cross-site.
    publicOrigin: config.PUBLIC_ORIGIN ? new URL(config.PUBLIC_ORIGIN).origin : `http://localhost:${config.PORT}`,
    trustedProxyHops: config.TRUSTED_PROXY_HOPS ?? (config.NODE_ENV === 'production' ? 1 : 0),
    limits: limitSettings(config),
    holdShares: holdShareSettings(config),
    liveKeys: liveKeysOf(config),
  };
}
