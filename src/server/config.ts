import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import { hostname } from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import { AppError } from './lib/app-error';
import { operatorFromSettings } from './operator';
import { fxSettings, paymentSettings, paymentsFrom, payoutAccountFrom, payoutSettings } from './money-settings';

/**
 * `host:port` entries whose addresses may be private (tests, a private deployment), comma-separated: every
 * other address an outgoing call on someone's behalf names must be public (`lib/outward.ts`).
 */
const allowHostsSetting = z
  .string()
  .default('')
  .transform((v) =>
    v
      .split(',')
      .map((h) => h.trim().toLowerCase())
      .filter(Boolean),
  )
  .pipe(z.array(z.string().regex(/^[^\s:]+:\d{1,5}$/, 'host:port entries separated by commas')));

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
  // The proxies in front of the app (decision 098): a number of hops, or their addresses/CIDRs.
  TRUST_PROXY: z.string().default('false').transform(parseTrustProxy),
  // Many instances (decision 088): every reply names its instance in X-Instance; on SIGTERM
  // /readyz answers 503 at once and the instance keeps serving for SHUTDOWN_GRACE_MS before it closes.
  INSTANCE_ID: z.string().min(1).max(100).optional(),
  SHUTDOWN_GRACE_MS: z.coerce.number().int().min(0).max(5_000).default(0),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Tabi Guides <no-reply@tabi.localhost>'),
  REDIS_URL: z.string().optional(),
  // Several deployments (or test runs) can share one Redis: every key this app writes starts with this.
  REDIS_KEY_PREFIX: z.string().min(1).default('tabi:'),
  // Object storage (decision 087): set S3_BUCKET and uploads go to the bucket, not DATA_DIR/uploads.
  S3_BUCKET: z.string().min(3).optional(),
  S3_REGION: z.string().default('us-east-1'),
  S3_ENDPOINT: z.string().url().optional(),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_FORCE_PATH_STYLE: z.stringbool().default(false),
  S3_PUBLIC_URL: z.string().url().optional(),
  SESSION_TTL_HOURS: z.coerce.number().positive().default(168),
  // Support widget: the built-in inbox, or Crisp with its website id (falls back to built-in).
  SUPPORT_WIDGET: z.enum(['builtin', 'crisp']).default('builtin'),
  CRISP_WEBSITE_ID: z
    .string()
    .regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, 'a Crisp website id (UUID)')
    .optional(),
  // Reply deadlines of the support inbox (decision 132): urgent "Help now" threads, and the others.
  SUPPORT_URGENT_REPLY_MINUTES: z.coerce.number().positive().max(1440).default(5),
  SUPPORT_REPLY_HOURS: z.coerce.number().positive().max(720).default(4),
  // Bookings and payments (decision 040): money-settings.ts.
  ...paymentSettings,
  // Operations: GET /metrics answers on the app's port only with this bearer token, and on
  // METRICS_PORT (an internal port, no token) when that is set. Neither set: no metrics endpoint.
  METRICS_TOKEN: z.string().min(16).optional(),
  METRICS_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  // The typhoon rule (decision 093): JMA's public warnings, or recorded files in their format.
  WEATHER_PROVIDER: z.enum(['jma', 'fixture']).optional(),
  WEATHER_FIXTURE_DIR: z.string().min(1).optional(),
  // The operator's particulars (src/server/operator.ts): required in production.
  OPERATOR_NAME: z.string().max(300).optional(),
  OPERATOR_REPRESENTATIVE: z.string().max(300).optional(),
  OPERATOR_ADDRESS: z.string().max(300).optional(),
  OPERATOR_PHONE: z.string().max(300).optional(),
  OPERATOR_EMAIL: z.string().max(300).optional(),
  OPERATOR_INVOICE_NUMBER: z.string().max(300).optional(),
  // The operator's account bank payouts leave from and the weekly payout batches: money-settings.ts.
  ...payoutSettings,
  // Machine translation of what people write (decision 145): off by default; readers get the original, named.
  TRANSLATION_PROVIDER: z.enum(['none', 'deepl']).default('none'),
  DEEPL_AUTH_KEY: z.string().min(1).optional(),
  // Unset: as DeepL's own client decides by the key (a key ending ':fx' is the free API).
  DEEPL_SERVER_URL: z.string().url().optional(),
  // Characters sent to the provider per calendar month (UTC); reached: no more until the next month.
  TRANSLATION_MONTHLY_CHARACTERS: z.coerce.number().int().min(0).default(500_000),
  // Characters one account may have translated per UTC day, as writer or as reader (decision 184).
  TRANSLATION_DAILY_CHARACTERS_PER_USER: z.coerce.number().int().min(0).default(10_000),
  // WeChat's website login (decision 148): unset app id, no WeChat button and the endpoints answer 404.
  WECHAT_APP_ID: z.string().min(1).optional(),
  WECHAT_APP_SECRET: z.string().min(1).optional(),
  // Tests point both at the project's own server speaking WeChat's protocol (src/server/test/wechat-server.ts).
  WECHAT_OPEN_URL: z.string().url().default('https://open.weixin.qq.com'),
  WECHAT_API_URL: z.string().url().default('https://api.weixin.qq.com'),
  // Text messages (decision 147): sign-in codes stay in the sms_outbox table (and the development log), or go through
  // Twilio.
  SMS_PROVIDER: z.enum(['outbox', 'twilio']).default('outbox'),
  TWILIO_ACCOUNT_SID: z.string().startsWith('AC').optional(),
  TWILIO_AUTH_TOKEN: z.string().min(1).optional(),
  // The sender: a number in E.164, an alphanumeric sender id, or a messaging service id (MG…).
  TWILIO_FROM: z.string().min(1).optional(),
  // Unset: Twilio's own API. The tests point it at their local server (src/server/test/twilio-server.ts).
  TWILIO_API_URL: z.string().url().optional(),
  // The countries (ISO 3166 codes) whose mobile numbers may receive a code; others are 400 unsupported_country.
  SMS_COUNTRIES: z
    .string()
    .default('CN,HK,MO,TW,JP,KR,SG,MY,TH,US,CA,GB,AU')
    .transform((v) =>
      v
        .split(',')
        .map((c) => c.trim().toUpperCase())
        .filter(Boolean),
    )
    .pipe(z.array(z.string().regex(/^[A-Z]{2}$/, 'two-letter country codes separated by commas')).min(1)),
  // Codes sent per hour by this deployment, all numbers together: the ceiling against SMS pumping.
  SMS_MAX_PER_HOUR: z.coerce.number().int().min(1).default(500),
  // Yen per yuan (decision 165): money-settings.ts.
  ...fxSettings,
  // A guide's other calendars (decision 200): how often each is read again, and the `host:port` entries
  // whose addresses may be private (tests, a private deployment); every other address must be public.
  CALENDAR_SYNC_MINUTES: z.coerce.number().int().min(1).max(1440).default(15),
  CALENDAR_IMPORT_ALLOW_HOSTS: allowHostsSetting,
  // A reseller's webhooks (decision 203): the `host:port` entries a webhook URL may name although they resolve
  // to private addresses, over plain http (tests, a private deployment).
  OCTO_WEBHOOK_ALLOW_HOSTS: allowHostsSetting,
});

export type Config = ReturnType<typeof loadConfig>;

/** proxy-addr's names for address ranges, which Fastify accepts in a list of trusted proxies. */
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/**
 * TRUST_PROXY as Fastify's `trustProxy` (decision 098): `false` (the default, `0`, `no`, `off`)
 * trusts no proxy and the client is the socket's peer; a number trusts that many hops, so the
 * client is the address the nearest trusted proxy saw (the entry that many places from the right
 * of X-Forwarded-For); a comma-separated list trusts those proxy addresses or CIDRs. `true`
 * (and `yes`, `on`) means one hop: Fastify's own `true` trusts every hop and would take the
 * left-most X-Forwarded-For entry, which the client writes itself.
 */
export function parseTrustProxy(value: string, ctx: z.RefinementCtx): false | number | string[] {
  const v = value.trim().toLowerCase();
  if (['', 'false', 'no', 'off', '0'].includes(v)) return false;
  if (['true', 'yes', 'on'].includes(v)) return 1;
  if (/^\d{1,2}$/.test(v)) return Number(v);
  const entries = v.split(',').map((entry) => entry.trim());
  const bad = entries.filter((entry) => !PROXY_RANGE_NAMES.has(entry) && !isAddressOrCidr(entry));
  if (bad.length === 0) return entries;
  ctx.addIssue({
    code: 'custom',
    message: `a number of proxy hops, or proxy addresses/CIDRs separated by commas (not: ${bad.join(', ')})`,
  });
  return z.NEVER;
}

function isAddressOrCidr(entry: string): boolean {
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

/**
 * Stops the process before it serves anything: an `internal` AppError, as every failure the server
 * throws (decision 186), whose message the operator reads; no request exists yet to answer.
 */
function invalidSettings(problems: readonly string[]): never {
  throw new AppError('internal', `Invalid settings in the environment:\n${problems.map((p) => `  ${p}`).join('\n')}`);
}

type Settings = z.infer<typeof envSchema>;

/** The environment parsed by envSchema, or the process stops naming every setting that is wrong. */
function parsedSettings(env: NodeJS.ProcessEnv): Settings {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) invalidSettings(parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`));
  return parsed.data;
}

/** Settings that are right alone but wrong together: every problem is named at once, so one restart fixes them. */
function settingsInConflict(e: Settings): string[] {
  const problems: string[] = [];
  if (e.SUPPORT_WIDGET === 'crisp' && !e.CRISP_WEBSITE_ID)
    problems.push('CRISP_WEBSITE_ID: required when SUPPORT_WIDGET=crisp');
  if (
    e.PAYMENT_PROVIDER === 'stripe' &&
    (!e.STRIPE_SECRET_KEY || !e.STRIPE_WEBHOOK_SECRET || !e.STRIPE_PUBLISHABLE_KEY)
  ) {
    problems.push(
      'STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET, STRIPE_PUBLISHABLE_KEY: required when PAYMENT_PROVIDER=stripe',
    );
  }
  if (Boolean(e.S3_ACCESS_KEY_ID) !== Boolean(e.S3_SECRET_ACCESS_KEY))
    problems.push('S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY: set both or neither');
  if (!e.S3_BUCKET && (e.S3_ENDPOINT || e.S3_ACCESS_KEY_ID || e.S3_PUBLIC_URL))
    problems.push('S3_BUCKET: required when other S3_ settings are set');
  if (e.TRANSLATION_PROVIDER === 'deepl' && !e.DEEPL_AUTH_KEY)
    problems.push('DEEPL_AUTH_KEY: required when TRANSLATION_PROVIDER=deepl');
  if (Boolean(e.WECHAT_APP_ID) !== Boolean(e.WECHAT_APP_SECRET))
    problems.push('WECHAT_APP_ID, WECHAT_APP_SECRET: set both or neither');
  if (e.SMS_PROVIDER === 'twilio' && (!e.TWILIO_ACCOUNT_SID || !e.TWILIO_AUTH_TOKEN || !e.TWILIO_FROM)) {
    problems.push('TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN, TWILIO_FROM: required when SMS_PROVIDER=twilio');
  }
  return problems;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env) {
  const e = parsedSettings(env);
  const problems = settingsInConflict(e);
  const operator = operatorFromSettings(e, e.NODE_ENV === 'production');
  if (Array.isArray(operator)) problems.push(...operator);
  if (problems.length > 0 || Array.isArray(operator)) invalidSettings(problems);
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
    /** Fastify's `trustProxy`: false, a hop count, or the proxies' addresses (parseTrustProxy). */
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
    storage: storageFrom(e),
    sessionTtlMs: e.SESSION_TTL_HOURS * 3_600_000,
    support: supportFrom(e),
    /** How soon the team must answer a waiting support thread (decision 132). */
    supportReply: {
      urgentMs: Math.round(e.SUPPORT_URGENT_REPLY_MINUTES * 60_000),
      otherMs: Math.round(e.SUPPORT_REPLY_HOURS * 3_600_000),
    },
    /** Bookings and payments (decision 040): the provider and the rates of the deposit and commission. */
    payments: paymentsFrom(e),
    /** GET /metrics: on the app's port with the bearer token, and/or on an internal port. */
    metrics: { token: e.METRICS_TOKEN, port: e.METRICS_PORT },
    /** Who sells: the commerce disclosure, receipts and invoices name it (decision 120). */
    operator,
    /**
     * The payer's account in Zengin transfer files (decision 128): unset settings take plainly
     * fictitious development values outside production; in production an unset one is null and the
     * file is refused until it is set.
     */
    payoutAccount: payoutAccountFrom(e),
    /** The weekly payout batches (decision 130): whether the job runs, and after which minute of the day in Japan. */
    payoutWeekly: {
      enabled: e.PAYOUT_WEEKLY_BATCH === 'on',
      afterMinutes: Number(e.PAYOUT_WEEKLY_BATCH_AFTER.slice(0, 2)) * 60 + Number(e.PAYOUT_WEEKLY_BATCH_AFTER.slice(3)),
    },
    /** Machine translation (decision 145): `none` calls nobody; `deepl` with its key and optional server URL. */
    translation: translationFrom(e),
    /** WeChat's website login (decision 148): null without an app id (no button, the endpoints answer 404). */
    wechat: wechatFrom(e),
    /** Text messages (decision 147): the provider, the countries served and the hourly ceiling. */
    sms: smsFrom(e),
    /** Yen per yuan (decision 165): where the rate comes from, the operator's fixed rate and the ECB feed's address. */
    fx: { provider: e.FX_PROVIDER, jpyPerCny: e.FX_JPY_PER_CNY, ecbUrl: e.FX_ECB_URL },
    calendars: { syncMinutes: e.CALENDAR_SYNC_MINUTES, allowHosts: e.CALENDAR_IMPORT_ALLOW_HOSTS },
    /** A reseller's webhooks (decision 203): the hosts allowed although private, and over plain http. */
    octoWebhooks: { allowHosts: e.OCTO_WEBHOOK_ALLOW_HOSTS },
    /**
     * Where JMA warnings come from (decision 093): `jma` (the default in production) or `fixture`,
     * recorded files `{office}.json` in WEATHER_FIXTURE_DIR (default: the demo recordings shipped
     * with the app, a typhoon over Kyoto).
     */
    weather: weatherFrom(e),
  };
}

function weatherFrom(e: Settings) {
  return {
    provider: e.WEATHER_PROVIDER ?? (e.NODE_ENV === 'production' ? ('jma' as const) : ('fixture' as const)),
    fixtureDir: e.WEATHER_FIXTURE_DIR ? path.resolve(e.WEATHER_FIXTURE_DIR) : undefined,
  };
}

function supportFrom(e: Settings) {
  return e.SUPPORT_WIDGET === 'crisp' && e.CRISP_WEBSITE_ID
    ? { provider: 'crisp' as const, crispWebsiteId: e.CRISP_WEBSITE_ID }
    : { provider: 'builtin' as const };
}

function storageFrom(e: Settings) {
  return e.S3_BUCKET
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
    : { kind: 'local' as const };
}

function translationFrom(e: Settings) {
  return {
    provider:
      e.TRANSLATION_PROVIDER === 'deepl' && e.DEEPL_AUTH_KEY
        ? { kind: 'deepl' as const, authKey: e.DEEPL_AUTH_KEY, serverUrl: e.DEEPL_SERVER_URL }
        : null,
    monthlyCharacters: e.TRANSLATION_MONTHLY_CHARACTERS,
    dailyCharactersPerUser: e.TRANSLATION_DAILY_CHARACTERS_PER_USER,
  };
}

function wechatFrom(e: Settings) {
  return e.WECHAT_APP_ID && e.WECHAT_APP_SECRET
    ? {
        appId: e.WECHAT_APP_ID,
        appSecret: e.WECHAT_APP_SECRET,
        openUrl: e.WECHAT_OPEN_URL.replace(/\/$/, ''),
        apiUrl: e.WECHAT_API_URL.replace(/\/$/, ''),
      }
    : null;
}

function smsFrom(e: Settings) {
  return {
    provider:
      e.SMS_PROVIDER === 'twilio' && e.TWILIO_ACCOUNT_SID && e.TWILIO_AUTH_TOKEN && e.TWILIO_FROM
        ? {
            kind: 'twilio' as const,
            accountSid: e.TWILIO_ACCOUNT_SID,
            authToken: e.TWILIO_AUTH_TOKEN,
            from: e.TWILIO_FROM,
            apiUrl: e.TWILIO_API_URL,
          }
        : { kind: 'outbox' as const },
    countries: e.SMS_COUNTRIES,
    maxPerHour: e.SMS_MAX_PER_HOUR,
  };
}

/**
 * The token-signing secret. Production must set JWT_SECRET; elsewhere one is generated once and
 * kept in the data folder, so sessions survive a restart without any set-up.
 */
export function resolveJwtSecret(config: Config): string {
  if (config.jwtSecret) return config.jwtSecret;
  if (config.isProduction)
    throw new AppError('internal', 'JWT_SECRET (at least 32 characters) is required in production');
  const file = path.join(config.dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(config.dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
