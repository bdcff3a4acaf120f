import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import path from 'node:path';
import { z } from 'zod';

/**
 * Every setting, parsed once from the environment. README.md lists them with their defaults;
 * keep the two in step.
 */
const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().default('localhost'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  APP_URL: z.string().url().optional(),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().optional(),
  SEED: z.enum(['demo', 'none']).default('demo'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  JWT_SECRET: z.string().min(32).optional(),
  BODY_LIMIT_BYTES: z.coerce.number().int().positive().default(1_048_576),
  TRUST_PROXY: z.stringbool().default(false),
  // Many instances (issue 25, decision 088): every reply names its instance in X-Instance; on SIGTERM
  // /readyz answers 503 at once and the instance keeps serving for SHUTDOWN_GRACE_MS before it closes.
  INSTANCE_ID: z.string().min(1).max(100).optional(),
  SHUTDOWN_GRACE_MS: z.coerce.number().int().min(0).max(5_000).default(0),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Tabi Guides <no-reply@tabi.localhost>'),
  REDIS_URL: z.string().optional(),
  // Several deployments (or test runs) can share one Redis: every key this app writes starts with this.
  REDIS_KEY_PREFIX: z.string().min(1).default('tabi:'),
  // Object storage (issue 25, decision 087): set S3_BUCKET and uploads go to the bucket, not DATA_DIR/uploads.
  S3_BUCKET: z.string().min(3).optional(),
  S3_REGION: z.string().default('us-east-1'),
  S3_ENDPOINT: z.string().url().optional(),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_FORCE_PATH_STYLE: z.stringbool().default(false),
  S3_PUBLIC_URL: z.string().url().optional(),
  SESSION_TTL_HOURS: z.coerce.number().positive().default(168),
  // Support widget (issue 5): the built-in inbox, or Crisp with its website id (falls back to built-in).
  SUPPORT_WIDGET: z.enum(['builtin', 'crisp']).default('builtin'),
  CRISP_WEBSITE_ID: z
    .string()
    .regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, 'a Crisp website id (UUID)')
    .optional(),
  // Bookings and payments (issue 11, decision 040).
  PAYMENT_PROVIDER: z.enum(['simulated', 'stripe']).default('simulated'),
  STRIPE_SECRET_KEY: z.string().startsWith('sk_').optional(),
  STRIPE_WEBHOOK_SECRET: z.string().startsWith('whsec_').optional(),
  // Stripe.js in the browser (cards are entered in Stripe Elements; decision 042). Public by design.
  STRIPE_PUBLISHABLE_KEY: z.string().startsWith('pk_').optional(),
  DEPOSIT_RATE: z.coerce.number().gt(0).max(1).default(0.2),
  COMMISSION_RATE: z.coerce.number().min(0).max(1).default(0.1),
  // Reconciliation (decision 083): a payment unchanged this long while processing or pending is
  // asked about at the provider (a provider call with Stripe's retries takes at most about 60 s).
  PAYMENT_RECONCILE_AFTER_MS: z.coerce.number().int().min(1000).default(90_000),
  // Operations (issue 14): GET /metrics answers on the app's port only with this bearer token, and on
  // METRICS_PORT (an internal port, no token) when that is set. Neither set: no metrics endpoint.
  METRICS_TOKEN: z.string().min(16).optional(),
  METRICS_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  // The typhoon rule (issue 26, decision 093): JMA's public warnings, or recorded files in their format.
  WEATHER_PROVIDER: z.enum(['jma', 'fixture']).optional(),
  WEATHER_FIXTURE_DIR: z.string().min(1).optional(),
});

export type Config = ReturnType<typeof loadConfig>;

export function loadConfig(env: NodeJS.ProcessEnv = process.env) {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n');
    throw new Error(`Invalid settings in the environment:\n${lines}`);
  }
  const e = parsed.data;
  if (e.SUPPORT_WIDGET === 'crisp' && !e.CRISP_WEBSITE_ID) {
    throw new Error('Invalid settings in the environment:\n  CRISP_WEBSITE_ID: required when SUPPORT_WIDGET=crisp');
  }
  if (e.PAYMENT_PROVIDER === 'stripe' && (!e.STRIPE_SECRET_KEY || !e.STRIPE_WEBHOOK_SECRET || !e.STRIPE_PUBLISHABLE_KEY)) {
    throw new Error(
      'Invalid settings in the environment:\n  STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET, STRIPE_PUBLISHABLE_KEY: required when PAYMENT_PROVIDER=stripe',
    );
  }
  if (Boolean(e.S3_ACCESS_KEY_ID) !== Boolean(e.S3_SECRET_ACCESS_KEY)) {
    throw new Error('Invalid settings in the environment:\n  S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY: set both or neither');
  }
  if (!e.S3_BUCKET && (e.S3_ENDPOINT || e.S3_ACCESS_KEY_ID || e.S3_PUBLIC_URL)) {
    throw new Error('Invalid settings in the environment:\n  S3_BUCKET: required when other S3_ settings are set');
  }
  const dataDir = path.resolve(e.DATA_DIR);
  return {
    env: e.NODE_ENV,
    isProduction: e.NODE_ENV === 'production',
    host: e.HOST,
    port: e.PORT,
    appUrl: (e.APP_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    dataDir,
    /** Absent: the embedded PGlite database under dataDir/db. */
    databaseUrl: e.DATABASE_URL,
    seed: e.SEED,
    logLevel: e.LOG_LEVEL,
    jwtSecret: e.JWT_SECRET,
    bodyLimit: e.BODY_LIMIT_BYTES,
    trustProxy: e.TRUST_PROXY,
    /** Names this process in every reply's X-Instance header: INSTANCE_ID, or the host name and pid. */
    instanceId: e.INSTANCE_ID ?? `${hostname()}-${process.pid}`,
    /** After SIGTERM: how long /readyz says 503 while requests are still served, before the port closes. */
    shutdownGraceMs: e.SHUTDOWN_GRACE_MS,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    redisUrl: e.REDIS_URL,
    redisKeyPrefix: e.REDIS_KEY_PREFIX,
    /**
     * Uploaded files: DATA_DIR/uploads, or a bucket (decision 087). `publicUrl`: public images are
     * redirected there (a CDN or a public view of the bucket's public folders) instead of streamed.
     */
    storage: e.S3_BUCKET
      ? {
          kind: 's3' as const,
          bucket: e.S3_BUCKET,
          region: e.S3_REGION,
          endpoint: e.S3_ENDPOINT,
          accessKeyId: e.S3_ACCESS_KEY_ID,
          secretAccessKey: e.S3_SECRET_ACCESS_KEY,
          forcePathStyle: e.S3_FORCE_PATH_STYLE,
          publicUrl: e.S3_PUBLIC_URL?.replace(/\/$/, ''),
        }
      : { kind: 'local' as const },
    sessionTtlMs: e.SESSION_TTL_HOURS * 3_600_000,
    support:
      e.SUPPORT_WIDGET === 'crisp' && e.CRISP_WEBSITE_ID
        ? { provider: 'crisp' as const, crispWebsiteId: e.CRISP_WEBSITE_ID }
        : { provider: 'builtin' as const },
    /** Bookings and payments (decision 040): the provider and the rates of the deposit and commission. */
    payments: {
      provider: e.PAYMENT_PROVIDER,
      stripeSecretKey: e.STRIPE_SECRET_KEY,
      stripeWebhookSecret: e.STRIPE_WEBHOOK_SECRET,
      /** Sent to the browser in /api/config/public (Stripe.js needs it); never the secret key. */
      stripePublishableKey: e.STRIPE_PUBLISHABLE_KEY,
      depositRate: e.DEPOSIT_RATE,
      commissionRate: e.COMMISSION_RATE,
      reconcileAfterMs: e.PAYMENT_RECONCILE_AFTER_MS,
    },
    /** GET /metrics (issue 14): on the app's port with the bearer token, and/or on an internal port. */
    metrics: { token: e.METRICS_TOKEN, port: e.METRICS_PORT },
    /**
     * Where JMA warnings come from (decision 093): `jma` (the default in production) or `fixture`,
     * recorded files `{office}.json` in WEATHER_FIXTURE_DIR (default: the demo recordings shipped
     * with the app, a typhoon over Kyoto).
     */
    weather: {
      provider: e.WEATHER_PROVIDER ?? (e.NODE_ENV === 'production' ? ('jma' as const) : ('fixture' as const)),
      fixtureDir: e.WEATHER_FIXTURE_DIR ? path.resolve(e.WEATHER_FIXTURE_DIR) : undefined,
    },
  };
}

/**
 * The token-signing secret. Production must set JWT_SECRET; elsewhere one is generated once and
 * kept in the data folder, so sessions survive a restart without any set-up.
 */
export function resolveJwtSecret(config: Config): string {
  if (config.jwtSecret) return config.jwtSecret;
  if (config.isProduction) throw new Error('JWT_SECRET (at least 32 characters) is required in production');
  const file = path.join(config.dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(config.dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
