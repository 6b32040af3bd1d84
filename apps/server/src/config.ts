import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { availableParallelism, hostname } from 'node:os';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEFAULT_MLS_NAME, DEFAULT_MLS_TIME_ZONE, isTimeZone } from '@portico/shared';
import { z } from 'zod';
import { type Limit, type LimitName, limitsFrom } from './lib/rate-limit';

export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');

const envSchema = z.object({
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  PUBLIC_URL: z.string().url().optional(),
  DATA_DIR: z.string().default(resolve(REPO_ROOT, 'data')),
  DATABASE_URL: z.string().optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(100).optional(),
  OIDC_ISSUER: z.string().url().optional(),
  OIDC_AUDIENCE: z.string().optional(),
  OIDC_LOGIN_CLAIM: z.string().default('preferred_username'),
  OIDC_CLIENT_ID: z.string().min(1).optional(),
  OIDC_SCOPES: z.string().trim().min(1).optional(),
  OIDC_RESOURCE: z.string().min(1).optional(),
  OIDC_AUTH_PARAMS: z.string().optional(),
  OIDC_ACCOUNT_URL: z.string().url().optional(),
  TRUST_PROXY: z.string().optional(),
  SMTP_URL: z.string().optional(),
  MAIL_RETRY_LIMIT: z.coerce.number().int().min(0).default(8),
  MAIL_RETRY_DELAY_SECONDS: z.coerce.number().int().min(1).default(10),
  MAIL_RETRY_BACKOFF: z.enum(['on', 'off']).default('on'),
  SMS_URL: z.string().url().optional().or(z.literal('')),
  SMS_ACCOUNT_SID: z.string().optional(),
  SMS_AUTH_TOKEN: z.string().optional(),
  SMS_FROM: z.string().optional(),
  SEED_DEMO: z.enum(['true', 'false']).default('true'),
  JOBS: z.enum(['on', 'off']).default('on'),
  INSTANCE_NAME: z
    .string()
    .regex(/^[A-Za-z0-9._-]{1,64}$/, 'letters, digits, dot, dash or underscore, at most 64')
    .optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST: z.string().default(resolve(REPO_ROOT, 'apps/web/dist')),
  RATE_LIMITS: z.string().optional(),
  NODE_ENV: z.string().optional(),
  PORTICO_ENV: z.enum(['production', 'development']).optional(),
  PORTICO_SECRET_KEY: z.string().optional(),
  PORTICO_SECRET_KEY_FILE: z.string().optional(),
  PORTICO_SECRET_KEY_PREVIOUS: z.string().optional(),
  METRICS_TOKEN: z.string().optional(),
  RESPONSE_CHECK: z.enum(['strict', 'off']).default('off'),
  FIDO2_ENABLED: z.enum(['true', 'false']).optional(),
  MEDIA_STORAGE: z.enum(['disk', 's3']).default('disk'),
  S3_BUCKET: z.string().trim().optional(),
  S3_ENDPOINT: z.string().url().optional().or(z.literal('')),
  S3_REGION: z.string().trim().optional(),
  S3_FORCE_PATH_STYLE: z.enum(['true', 'false']).default('false'),
  AWS_REGION: z.string().trim().optional(),
  RESO_WEB_API_URL: z.string().url().optional().or(z.literal('')),
  RESO_TOKEN: z.string().optional(),
  RESO_TOKEN_URL: z.string().url().optional().or(z.literal('')),
  RESO_CLIENT_ID: z.string().optional(),
  RESO_CLIENT_SECRET: z.string().optional(),
  RESO_SCOPE: z.string().optional(),
  RESO_SYNC_MINUTES: z.coerce.number().int().min(1).max(1440).default(15),
  RESO_RESOURCES: z.string().default('Member,Office,Property'),
  PORTICO_ADMIN_LOGIN: z.string().trim().max(200).optional(),
  /** How many days the staff audit trail keeps a row (decision 1131). */
  STAFF_AUDIT_DAYS: z.coerce.number().int().min(90).max(3650).default(730),
  MLS_TIME_ZONE: z
    .string()
    .trim()
    .default(DEFAULT_MLS_TIME_ZONE)
    .refine(isTimeZone, { message: 'MLS_TIME_ZONE must be an IANA time zone name such as America/Los_Angeles' }),
  MLS_NAME: z
    .string()
    .trim()
    .min(1, 'MLS_NAME must not be blank')
    .max(100, 'MLS_NAME must be at most 100 characters')
    .default(DEFAULT_MLS_NAME),
});

/** The embedded provider's scopes: the OpenID ones, a refresh token, and the portal API's. */
export const EMBEDDED_SCOPES = 'openid profile data member_portal offline_access';
/** What every OpenID Connect provider grants; OIDC_SCOPES adds `offline_access` or an API scope where one is needed. */
export const EXTERNAL_SCOPES = 'openid profile';

/** `OIDC_AUTH_PARAMS` is a query string (`audience=https%3A%2F%2Fapi.example&ui_locales=en`); `OIDC_RESOURCE` adds `resource`. */
function authParamsOf(query: string | undefined, resource: string | undefined): Record<string, string> {
  const params = Object.fromEntries(new URLSearchParams(query ?? ''));
  return resource ? { ...params, resource } : params;
}

export interface Config {
  port: number;
  host: string;
  publicUrl: string;
  dataDir: string;
  databaseUrl?: string;
  /**
   * Connections of each of the instance's two PostgreSQL pools (decision 0001). Default: twice the machine's cores.
   * More queries at once than the cores can run only share them: at 20 concurrent searches on 2 cores, pools of 10
   * gave a p99 of 63 ms and pools of 4 gave 43 ms (docs/benchmarks.md).
   */
  databasePoolSize: number;
  /** Issuer of the tokens the API accepts: the embedded provider unless OIDC_ISSUER names another. */
  issuer: string;
  audience: string;
  embeddedIdentity: boolean;
  loginClaim: string;
  /** The browser's OpenID Connect client (decision 0910): client id, scopes and extra authorization parameters. */
  oidcClient: { clientId: string; scopes: string; authParams: Record<string, string>; accountUrl: string | null };
  /** Addresses or CIDR ranges of the reverse proxies whose X-Forwarded-* headers count (decision 0911). */
  trustProxy: string[];
  smtpUrl?: string;
  /**
   * How the mail queue retries a mail SMTP did not take (decision 0973): how many times, the first wait, and whether
   * each wait doubles (`MAIL_RETRY_LIMIT`, `MAIL_RETRY_DELAY_SECONDS`, `MAIL_RETRY_BACKOFF`).
   */
  mailRetry: { limit: number; delaySeconds: number; backoff: boolean };
  /**
   * The SMS provider (Twilio's Messages API or one that speaks it): base URL, account sid, auth token and sender
   * number. Without it texts stay in the outbox (the demo's /outbox lists them).
   */
  sms?: SmsConfig;
  seedDemo: boolean;
  /** Whether this instance schedules and works the background jobs (plugins/jobs.ts); `JOBS=off` leaves them to others. */
  jobs: boolean;
  /** This instance's name in the `x-portico-instance` response header (`INSTANCE_NAME`, default host name and pid). */
  instanceName: string;
  logLevel: string;
  webDist: string;
  /** The rate limits in force (lib/rate-limit.ts; `RATE_LIMITS` changes them, `RATE_LIMITS=off` turns them off). */
  rateLimits: Map<LimitName, Limit>;
  /**
   * `PORTICO_ENV=production`, or `NODE_ENV=production` without PORTICO_ENV: the demo is off (no demo seed, outbox or
   * banner) and the server refuses to start without what production needs (production.ts, decision 0940).
   */
  production: boolean;
  /** Demo mode: the demo MLS is seeded into an empty database and every page says it is a demo. */
  demo: boolean;
  /** The key sealing signing keys and authenticator secrets at rest (`PORTICO_SECRET_KEY` or `PORTICO_SECRET_KEY_FILE`). */
  secretKey?: string;
  /** Keys sealed rows may still be under while they are re-sealed with `secretKey` (`PORTICO_SECRET_KEY_PREVIOUS`, comma-separated). */
  previousSecretKeys: string[];
  /** The bearer token /metrics asks for; without one /metrics is not served. */
  metricsToken?: string;
  /** Every answer of a route with `response:` checked against its contract (tests and journeys; decision 1141). */
  responseCheck: boolean;
  /**
   * The MLS's IANA time zone (`MLS_TIME_ZONE`, default America/Los_Angeles): 'today', course request slots, 'prior
   * to today', expiry days and the greeting are read in it, or in the member's association's own zone (decision 0969).
   */
  mlsTimeZone: string;
  /** `STAFF_AUDIT_DAYS` (90-3650, default 730): how long the staff audit trail keeps a row (decision 1131). */
  staffAuditDays: number;
  /**
   * The MLS's own name (`MLS_NAME`, default 'Portico Demo MLS'): who MLS staff's MLS-wide messages come from and go to
   * (decision 1055). The associations have their names in the database; the MLS had none.
   */
  mlsName: string;
  /**
   * Passkeys (WebAuthn, decision 0968) on the embedded provider's pages: `FIDO2_ENABLED`, on by default but in
   * production. The relying party is the public URL's host name, and only its origin may answer a ceremony.
   */
  fido2: Fido2Config;
  /** Where uploaded media are kept (decision 0976): `DATA_DIR/files` on disk, or an S3-compatible bucket. */
  mediaStorage: MediaStorageConfig;
  /** The MLS's RESO Web API feed (modules/feed, decision 0985); absent when `RESO_WEB_API_URL` is unset. */
  reso?: ResoConfig;
}

export interface Fido2Config {
  enabled: boolean;
  rpId: string;
  rpName: string;
  origin: string;
}

/**
 * `MEDIA_STORAGE=disk` (the default) or `s3` with `S3_BUCKET`, `S3_ENDPOINT` (MinIO and other compatible servers),
 * `S3_REGION` and `S3_FORCE_PATH_STYLE`; the credentials come from the standard AWS variables and files.
 */
export type MediaStorageConfig =
  | { kind: 'disk' }
  | { kind: 's3'; bucket?: string; endpoint?: string; region: string; forcePathStyle: boolean };

function mediaStorageConfig(env: z.output<typeof envSchema>): MediaStorageConfig {
  if (env.MEDIA_STORAGE === 'disk') return { kind: 'disk' };
  return {
    kind: 's3',
    bucket: env.S3_BUCKET || undefined,
    endpoint: env.S3_ENDPOINT || undefined,
    region: env.S3_REGION || env.AWS_REGION || 'us-east-1',
    forcePathStyle: env.S3_FORCE_PATH_STYLE === 'true',
  };
}

export const RESO_RESOURCE_NAMES = ['Office', 'Member', 'Property', 'Media'] as const;
export type ResoResourceName = (typeof RESO_RESOURCE_NAMES)[number];

export interface ResoConfig {
  /** The service root, without a trailing slash. */
  url: string;
  /** A bearer token, or OAuth 2 client credentials renewed before they expire. */
  auth:
    | { kind: 'token'; token: string }
    | { kind: 'client-credentials'; tokenUrl: string; clientId: string; clientSecret: string; scope?: string };
  syncMinutes: number;
  /** The resources replicated, offices first (members refer to them), then members, then listings, then their photos. */
  resources: ResoResourceName[];
  /** `PORTICO_ADMIN_LOGIN`: the feed's member of this login id is MLS staff (user class AS, level 5) whatever the mapping. */
  adminLogin?: string;
}

function resoConfig(env: z.output<typeof envSchema>): ResoConfig | undefined {
  if (!env.RESO_WEB_API_URL) return undefined;
  const names = env.RESO_RESOURCES.split(',')
    .map((r) => r.trim())
    .filter(Boolean);
  const unknown = names.filter((n) => !(RESO_RESOURCE_NAMES as readonly string[]).includes(n));
  if (unknown.length) throw new Error(`RESO_RESOURCES: unknown resource ${unknown.join(', ')} (known: ${RESO_RESOURCE_NAMES.join(', ')})`);
  const resources = RESO_RESOURCE_NAMES.filter((n) => names.includes(n));
  const base = {
    url: env.RESO_WEB_API_URL.replace(/\/+$/, ''),
    syncMinutes: env.RESO_SYNC_MINUTES,
    resources,
    adminLogin: env.PORTICO_ADMIN_LOGIN || undefined,
  };
  if (env.RESO_TOKEN) return { ...base, auth: { kind: 'token', token: env.RESO_TOKEN } };
  const missing = (['RESO_TOKEN_URL', 'RESO_CLIENT_ID', 'RESO_CLIENT_SECRET'] as const).filter((k) => !env[k]);
  if (missing.length) throw new Error(`RESO_WEB_API_URL is set: set RESO_TOKEN, or ${missing.join(', ')} for client credentials`);
  return {
    ...base,
    auth: {
      kind: 'client-credentials',
      tokenUrl: env.RESO_TOKEN_URL!,
      clientId: env.RESO_CLIENT_ID!,
      clientSecret: env.RESO_CLIENT_SECRET!,
      scope: env.RESO_SCOPE || undefined,
    },
  };
}

export interface SmsConfig {
  url: string;
  accountSid: string;
  authToken: string;
  from: string;
}

function smsConfig(env: z.output<typeof envSchema>): SmsConfig | undefined {
  if (!env.SMS_URL) return undefined;
  const missing = (['SMS_ACCOUNT_SID', 'SMS_AUTH_TOKEN', 'SMS_FROM'] as const).filter((k) => !env[k]);
  if (missing.length) throw new Error(`SMS_URL is set: ${missing.join(', ')} must be set too`);
  return { url: env.SMS_URL.replace(/\/$/, ''), accountSid: env.SMS_ACCOUNT_SID!, authToken: env.SMS_AUTH_TOKEN!, from: env.SMS_FROM! };
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  const parsed = envSchema.parse(env);
  const publicUrl = (overrides.publicUrl ?? parsed.PUBLIC_URL ?? `http://localhost:${overrides.port ?? parsed.PORT}`).replace(/\/$/, '');
  const production = parsed.PORTICO_ENV ? parsed.PORTICO_ENV === 'production' : parsed.NODE_ENV === 'production';
  const demo = !production && parsed.SEED_DEMO === 'true';
  const keyFile = parsed.PORTICO_SECRET_KEY_FILE;
  const config: Config = {
    port: parsed.PORT,
    host: parsed.HOST,
    publicUrl,
    dataDir: resolve(parsed.DATA_DIR),
    databaseUrl: parsed.DATABASE_URL || undefined,
    databasePoolSize: parsed.DATABASE_POOL_SIZE ?? 2 * availableParallelism(),
    issuer: parsed.OIDC_ISSUER ?? `${publicUrl}/oidc`,
    audience: parsed.OIDC_AUDIENCE ?? (parsed.OIDC_ISSUER && parsed.OIDC_RESOURCE) ?? `${publicUrl}/api`,
    embeddedIdentity: !parsed.OIDC_ISSUER,
    loginClaim: parsed.OIDC_LOGIN_CLAIM,
    oidcClient: {
      // The embedded provider knows one client; OIDC_CLIENT_ID names the portal's client at an external provider.
      clientId: (parsed.OIDC_ISSUER && parsed.OIDC_CLIENT_ID) || 'memberPortalUI',
      scopes: parsed.OIDC_SCOPES ?? (parsed.OIDC_ISSUER ? EXTERNAL_SCOPES : EMBEDDED_SCOPES),
      authParams: authParamsOf(parsed.OIDC_AUTH_PARAMS, parsed.OIDC_RESOURCE),
      accountUrl: parsed.OIDC_ISSUER ? (parsed.OIDC_ACCOUNT_URL ?? null) : null,
    },
    trustProxy: (parsed.TRUST_PROXY ?? '')
      .split(',')
      .map((a) => a.trim())
      .filter(Boolean),
    smtpUrl: parsed.SMTP_URL || undefined,
    mailRetry: {
      limit: parsed.MAIL_RETRY_LIMIT,
      delaySeconds: parsed.MAIL_RETRY_DELAY_SECONDS,
      backoff: parsed.MAIL_RETRY_BACKOFF === 'on',
    },
    sms: smsConfig(parsed),
    seedDemo: demo,
    jobs: parsed.JOBS === 'on',
    instanceName: parsed.INSTANCE_NAME ?? `${hostname()}-${process.pid}`,
    logLevel: parsed.LOG_LEVEL,
    webDist: parsed.WEB_DIST,
    rateLimits: limitsFrom(parsed.RATE_LIMITS),
    production,
    demo,
    secretKey: parsed.PORTICO_SECRET_KEY || (keyFile ? readFileSync(keyFile, 'utf8').trim() : undefined),
    metricsToken: parsed.METRICS_TOKEN || undefined,
    responseCheck: parsed.RESPONSE_CHECK === 'strict',
    fido2: {
      enabled: !parsed.OIDC_ISSUER && (parsed.FIDO2_ENABLED ? parsed.FIDO2_ENABLED === 'true' : !production),
      rpId: new URL(publicUrl).hostname,
      rpName: 'Portico member portal',
      origin: new URL(publicUrl).origin,
    },
    mediaStorage: mediaStorageConfig(parsed),
    reso: resoConfig(parsed),
    mlsTimeZone: parsed.MLS_TIME_ZONE,
    staffAuditDays: parsed.STAFF_AUDIT_DAYS,
    mlsName: parsed.MLS_NAME,
    previousSecretKeys: (parsed.PORTICO_SECRET_KEY_PREVIOUS ?? '')
      .split(',')
      .map((k) => k.trim())
      .filter(Boolean),
    ...overrides,
  };
  return config;
}

export function ensureDir(path: string): string {
  if (!existsSync(path)) mkdirSync(path, { recursive: true });
  return path;
}
