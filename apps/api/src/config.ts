import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

/** The repository root: relative defaults (database file, catalogue) resolve against it. */
export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

const httpUrl = /^https?:\/\/[^\s/]+(?:\/\S*)?$/i;

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATABASE_URL: z.string().min(1).default('file:./data/series-tracker.db'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  PUBLIC_URL: z.string().url().optional(),
  CATALOG_FILE: z.string().min(1).default('data/catalog.json.gz'),
  CATALOG_AUTO_IMPORT: z.enum(['on', 'off']).default('on'),
  AUTH_RATE_LIMIT_MAX: z.coerce.number().int().min(1).default(10),
  AUTH_RATE_LIMIT_WINDOW: z.string().min(1).default('1 minute'),
  TRUST_PROXY: z.enum(['true', 'false']).default('false'),
  RESPONSE_CACHE: z.enum(['on', 'off']).default('on'),
  // Seconds a resolved sign-in token is kept in memory (ADR 091). Default: 30 on one server;
  // 0 when REDIS_URL says several servers share the work (a sign-out elsewhere must count now).
  SESSION_CACHE_SECONDS: z.coerce.number().int().min(0).max(300).optional(),
  // Days after sign-in when a session ends however often it is used (ADR 150).
  SESSION_MAX_AGE_DAYS: z.coerce.number().int().min(1).max(3650).default(90),
  // Keep each signed-in member's home feed and the profiles they open in memory until an event
  // changes them (ADR 091). Default: on for one server, off with REDIS_URL (another server's
  // cached copy would not see this one's writes).
  VIEWER_CACHE: z.enum(['on', 'off']).optional(),
  TVMAZE_BASE_URL: z.string().url().default('https://api.tvmaze.com'),
  METADATA_SYNC: z.enum(['on', 'off']).default('on'),
  SHUTDOWN_DRAIN_SECONDS: z.coerce.number().int().min(0).max(60).default(0),
  // A running job's worker says it is alive this often; a job silent for JOBS_STALE_AFTER_SECONDS
  // lost its server (killed) and another server runs it again (ADR 050, issue 20).
  JOBS_HEARTBEAT_SECONDS: z.coerce.number().int().min(1).max(300).default(20),
  JOBS_STALE_AFTER_SECONDS: z.coerce.number().int().min(3).max(3600).default(90),
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\/\S+$/i, 'must be an smtp:// or smtps:// URL')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  MAIL_FROM: z.string().min(3).default('Series Tracker <no-reply@localhost>'),
  MAIL_OUTBOX_DIR: z.string().min(1).default('data/outbox'),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must start with redis:// or rediss://')
    .optional(),
  REDIS_PREFIX: z.string().min(1).default('series-tracker:'),
  LIST_WRITE_RATE_LIMIT_MAX: z.coerce.number().int().positive().default(300),
  LIST_WRITE_RATE_LIMIT_WINDOW: z.string().default('1 minute'),
  UPLOAD_DIR: z.string().min(1).default('data/uploads'),
  // imports: where uploads wait for their job (share it between app servers).
  IMPORT_DIR: z.string().min(1).default('data/imports'),
  ALERT_DIGEST_HOUR: z.coerce.number().int().min(0).max(23).default(7),
  ALERT_CHECK_SECONDS: z.coerce.number().int().min(10).max(86_400).default(900),
  RECOMMENDATIONS_REBUILD_SECONDS: z.coerce.number().int().min(60).max(604_800).default(21_600),
  // Seconds a Trakt app waits between device sign-in polls (ADR 170; Trakt's own is 5).
  TRAKT_DEVICE_INTERVAL_SECONDS: z.coerce.number().int().min(1).max(60).default(5),
  IMPORT_MAIL_AFTER_SECONDS: z.coerce.number().min(0).default(60),
  // Shared files on S3-compatible object storage (ADR 140): set S3_BUCKET to use it.
  S3_BUCKET: z
    .string()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'must be a valid bucket name')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  S3_ENDPOINT: z.string().regex(httpUrl, 'must be an http:// or https:// URL').optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_FORCE_PATH_STYLE: z.enum(['true', 'false']).optional(),
  S3_PUBLIC_URL: z.string().regex(httpUrl, 'must be an http:// or https:// URL').optional(),
  // Single sign-on with an OpenID Provider (ADR 174): set OIDC_ISSUER to offer it.
  OIDC_ISSUER: z
    .string()
    .regex(httpUrl, 'must be an http:// or https:// URL')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  OIDC_CLIENT_ID: z.string().min(1).optional(),
  OIDC_CLIENT_SECRET: z.string().min(1).optional(),
  OIDC_PROVIDER_NAME: z.string().trim().min(1).max(40).optional(),
  OIDC_AUTO_REGISTER: z.enum(['on', 'off']).default('on'),
  PASSWORD_SIGN_IN: z.enum(['on', 'off']).default('on'),
  // Where to watch (ADR 182): TMDB watch providers with a key (v3 key or v4 read token).
  TMDB_API_KEY: z
    .string()
    .trim()
    .optional()
    .transform((v) => v || undefined),
  TMDB_BASE_URL: z
    .string()
    .regex(httpUrl, 'must be an http:// or https:// URL')
    .default('https://api.themoviedb.org/3'),
});

/** The OpenID Provider members may sign in with (ADR 174). */
export interface OidcSettings {
  /** The issuer identifier; its /.well-known/openid-configuration is read on first use. */
  issuer: string;
  clientId: string;
  /** null: a public client (PKCE only, no client authentication at the token endpoint). */
  clientSecret: string | null;
  /** "Sign in with <providerName>"; default: the issuer's host. */
  providerName: string;
  /** A first sign-in of an unknown identity creates an account; off: only linked ones. */
  autoRegister: boolean;
}

/** An S3-compatible bucket for shared files (ADR 140). */
export interface S3Settings {
  bucket: string;
  /** S3-compatible endpoint (MinIO, R2, …); AWS's own when null. */
  endpoint: string | null;
  region: string;
  accessKeyId: string | null;
  secretAccessKey: string | null;
  /** Bucket in the path (http://host/bucket/key), as MinIO and most stand-ins need. */
  forcePathStyle: boolean;
  /** Where browsers load public files (avatars) straight from the bucket or a CDN; null: via /uploads/. */
  publicUrl: string | null;
}

export interface AppConfig {
  port: number;
  host: string;
  databaseUrl: string;
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  publicUrl: string;
  catalogFile: string;
  catalogAutoImport: boolean;
  authRateLimit: { max: number; timeWindow: string };
  trustProxy: boolean;
  /** In-process cache of catalogue read responses (plugins/response-cache.ts). */
  responseCache: boolean;
  /** Seconds a resolved sign-in token may be answered from memory; 0: never (ADR 091). */
  sessionCacheSeconds: number;
  /** Per-viewer response cache entries (home feed, profiles) for signed-in members (ADR 091). */
  viewerCache: boolean;
  /** Built SPA served on `/`; absent in API-only tests. */
  webDistDir: string | null;
  sessionTtlDays: number;
  /** Absolute lifetime of a session from sign-in; the sliding expiry never passes it. */
  sessionMaxAgeDays: number;
  /** TVmaze API root (a local stand-in in tests). */
  tvmazeBaseUrl: string;
  /** Refresh shows from TVmaze in the background when they are viewed. */
  metadataSync: boolean;
  /** On SIGTERM, how long /api/ready answers 503 before the server stops listening (ms). */
  drainMs: number;
  /** GET /metrics answers with this bearer token; off without it. */
  metricsToken: string | null;
  /** Job heartbeats, and when a silent running job is taken over by another server (ms). */
  jobs: { heartbeatMs: number; staleAfterMs: number };
  mail: {
    /** smtp:// or smtps:// with credentials; null writes each message to `outboxDir` instead. */
    smtpUrl: string | null;
    from: string;
    outboxDir: string;
  };
  /** Shared state for several app servers (rate-limit budgets); memory when absent. */
  redisUrl: string | null;
  /** Prefix of every Redis key this app writes (several sites can share one Redis). */
  redisPrefix: string;
  /** Writes to lists (create, items, reorder, follow, …) per member per window. */
  listWriteRateLimit: { max: number; timeWindow: string };
  /**
   * Per-member write budgets of community features (reviews, comments, likes) per hour;
   * defaults in features/reviews/reviews.routes.ts. Tests lower them.
   */
  writeLimits?: Partial<
    Record<'reviews' | 'comments' | 'likes' | 'episodeReviews' | 'reports', number>
  >;
  /** Folder of uploaded files (avatars) for the local storage layer (platform/storage.ts). */
  uploadDir: string;
  /** Uploaded import files until their job has read them (a folder every app server sees). */
  importDir: string;
  /** An import that runs longer than this mails its owner when it finishes. */
  importMailAfterMs: number;
  /**
   * New-episode alerts (ADR 160): the digest goes at the first check after this local hour of
   * the member's day; the check runs every `checkSeconds` on one server.
   */
  alerts: { digestHour: number; checkSeconds: number };
  /** How often the recommendations job recomputes the community's similarities (ADR 183). */
  recommendationsRebuildSeconds: number;
  /** Apps speaking the Trakt API (ADR 170): seconds between device sign-in polls. */
  trakt: { deviceIntervalSeconds: number };
  /**
   * With a bucket, avatars and pending import uploads live there instead of UPLOAD_DIR and
   * IMPORT_DIR (IMPORT_DIR then only holds this server's scratch copies): ADR 140.
   */
  s3: S3Settings | null;
  /** Single sign-on (OIDC_*), or null when OIDC_ISSUER is unset. */
  oidc: OidcSettings | null;
  /** PASSWORD_SIGN_IN: off refuses password sign-in, registration and reset (ADR 174). */
  passwordSignIn: boolean;
  /** TMDB watch providers (ADR 182); null without TMDB_API_KEY (only networks and channels). */
  tmdb: { apiKey: string; baseUrl: string } | null;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid environment:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const s3Vars = Object.keys(env).filter((k) => k.startsWith('S3_') && env[k]);
  if (!e.S3_BUCKET && s3Vars.length)
    throw new Error(`Invalid environment:\n  S3_BUCKET: required with ${s3Vars.join(', ')}`);
  if (Boolean(e.S3_ACCESS_KEY_ID) !== Boolean(e.S3_SECRET_ACCESS_KEY))
    throw new Error(
      'Invalid environment:\n  S3_ACCESS_KEY_ID: set it together with S3_SECRET_ACCESS_KEY',
    );
  if (e.JOBS_HEARTBEAT_SECONDS * 2 > e.JOBS_STALE_AFTER_SECONDS)
    throw new Error(
      'Invalid environment:\n  JOBS_STALE_AFTER_SECONDS: must be at least twice JOBS_HEARTBEAT_SECONDS (a live job would look lost)',
    );
  const oidcVars = Object.keys(env).filter((k) => k.startsWith('OIDC_') && env[k]);
  if (!e.OIDC_ISSUER && oidcVars.length)
    throw new Error(`Invalid environment:\n  OIDC_ISSUER: required with ${oidcVars.join(', ')}`);
  if (e.OIDC_ISSUER && !e.OIDC_CLIENT_ID)
    throw new Error('Invalid environment:\n  OIDC_CLIENT_ID: required with OIDC_ISSUER');
  if (e.PASSWORD_SIGN_IN === 'off' && !e.OIDC_ISSUER)
    throw new Error(
      'Invalid environment:\n  PASSWORD_SIGN_IN: off needs OIDC_ISSUER (nobody could sign in)',
    );
  return {
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    logLevel: e.LOG_LEVEL,
    publicUrl: e.PUBLIC_URL ?? `http://localhost:${e.PORT}`,
    catalogFile: path.resolve(repoRoot, e.CATALOG_FILE),
    catalogAutoImport: e.CATALOG_AUTO_IMPORT === 'on',
    authRateLimit: { max: e.AUTH_RATE_LIMIT_MAX, timeWindow: e.AUTH_RATE_LIMIT_WINDOW },
    trustProxy: e.TRUST_PROXY === 'true',
    responseCache: e.RESPONSE_CACHE === 'on',
    // With several servers (REDIS_URL) these stay on: invalidations travel between servers
    // over Redis (platform/event-bridge.ts, issue 20).
    sessionCacheSeconds: e.SESSION_CACHE_SECONDS ?? 30,
    viewerCache: (e.VIEWER_CACHE ?? 'on') === 'on',
    webDistDir: path.resolve(repoRoot, 'apps/web/dist'),
    sessionTtlDays: 30,
    sessionMaxAgeDays: e.SESSION_MAX_AGE_DAYS,
    tvmazeBaseUrl: e.TVMAZE_BASE_URL.replace(/\/+$/, ''),
    metadataSync: e.METADATA_SYNC === 'on',
    drainMs: e.SHUTDOWN_DRAIN_SECONDS * 1000,
    metricsToken: e.METRICS_TOKEN ?? null,
    alerts: { digestHour: e.ALERT_DIGEST_HOUR, checkSeconds: e.ALERT_CHECK_SECONDS },
    recommendationsRebuildSeconds: e.RECOMMENDATIONS_REBUILD_SECONDS,
    trakt: { deviceIntervalSeconds: e.TRAKT_DEVICE_INTERVAL_SECONDS },
    jobs: {
      heartbeatMs: e.JOBS_HEARTBEAT_SECONDS * 1000,
      staleAfterMs: e.JOBS_STALE_AFTER_SECONDS * 1000,
    },
    mail: {
      smtpUrl: e.SMTP_URL ?? null,
      from: e.MAIL_FROM,
      outboxDir: path.resolve(repoRoot, e.MAIL_OUTBOX_DIR),
    },
    redisUrl: e.REDIS_URL ?? null,
    redisPrefix: e.REDIS_PREFIX,
    listWriteRateLimit: {
      max: e.LIST_WRITE_RATE_LIMIT_MAX,
      timeWindow: e.LIST_WRITE_RATE_LIMIT_WINDOW,
    },
    uploadDir: path.resolve(repoRoot, e.UPLOAD_DIR),
    importDir: path.resolve(repoRoot, e.IMPORT_DIR),
    importMailAfterMs: e.IMPORT_MAIL_AFTER_SECONDS * 1000,
    s3: e.S3_BUCKET
      ? {
          bucket: e.S3_BUCKET,
          endpoint: e.S3_ENDPOINT ?? null,
          region: e.S3_REGION,
          accessKeyId: e.S3_ACCESS_KEY_ID ?? null,
          secretAccessKey: e.S3_SECRET_ACCESS_KEY ?? null,
          // Path style by default with an own endpoint (MinIO and most S3-compatible stores).
          forcePathStyle: (e.S3_FORCE_PATH_STYLE ?? (e.S3_ENDPOINT ? 'true' : 'false')) === 'true',
          publicUrl: e.S3_PUBLIC_URL ?? null,
        }
      : null,
    oidc: e.OIDC_ISSUER
      ? {
          issuer: e.OIDC_ISSUER,
          clientId: e.OIDC_CLIENT_ID!,
          clientSecret: e.OIDC_CLIENT_SECRET ?? null,
          providerName: e.OIDC_PROVIDER_NAME ?? new URL(e.OIDC_ISSUER).hostname,
          autoRegister: e.OIDC_AUTO_REGISTER === 'on',
        }
      : null,
    passwordSignIn: e.PASSWORD_SIGN_IN === 'on',
    tmdb: e.TMDB_API_KEY
      ? { apiKey: e.TMDB_API_KEY, baseUrl: e.TMDB_BASE_URL.replace(/\/+$/, '') }
      : null,
  };
}
