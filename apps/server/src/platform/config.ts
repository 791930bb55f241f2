import path from 'node:path';
import { ROOT } from './root.ts';
import type { S3Settings } from './files/index.ts';
import { embeddedEngine, type EmbeddedEngine } from './db/open-database.ts';

/** Configuration comes from the environment; every value has a default that needs no set-up. */
export interface Config {
  port: number;
  host: string;
  dataDir: string;
  /** Uploaded and resource files: FILES_DIR, default <dataDir>/files. */
  filesDir: string;
  /** FILE_STORE: 'local' (files under filesDir) or 's3' (an S3-compatible bucket, settings in s3). */
  fileStore: 'local' | 's3';
  s3?: S3Settings;
  databaseUrl: string | undefined;
  /** DB_ENGINE: the embedded database when DATABASE_URL is not set, 'postgres' (default) or 'pglite'. */
  dbEngine: EmbeddedEngine;
  /**
   * TRUST_PROXY: whose X-Forwarded-For is believed for the client's address (sign-in and registration
   * throttling key on it). Default: proxies on loopback and private networks; `true` believes anyone,
   * which lets a client choose its own address.
   */
  trustProxy: string | boolean;
  /** REGISTER_PER_HOUR: self-registrations one address may make per hour (default 10; 0: no limit). */
  registerPerHour: number;
  /**
   * DATABASE_LISTEN_URL: a direct connection for LISTEN, which a transaction-pooling PgBouncer in
   * DATABASE_URL cannot carry (default: DATABASE_URL). See docs/production.md.
   */
  databaseListenUrl: string | undefined;
  /**
   * DB_PREPARED_STATEMENTS: named statements on PostgreSQL (default: on, unless DATABASE_LISTEN_URL differs from
   * DATABASE_URL, i.e. a pooler sits in DATABASE_URL; PgBouncer 1.21+ with max_prepared_statements may turn it on).
   */
  dbPreparedStatements: boolean | undefined;
  apiBase: string;
  seedDemo: boolean;
  webDist: string;
  logLevel: string;
  /** How long a signed-in session may be served from memory (0: never). */
  sessionCacheSeconds: number;
  /** REMINDER_INTERVAL_MINUTES: how often reminders run (0: never; default 30). */
  reminderIntervalMinutes: number;
  /** METRICS_TOKEN: when set, GET /metrics needs `Authorization: Bearer <token>`. */
  metricsToken: string | undefined;
  /** SHUTDOWN_GRACE_SECONDS: how long a shutdown waits for requests and jobs in flight (default 30). */
  shutdownGraceSeconds: number;
}

function flag(v: string | undefined, dflt: boolean): boolean {
  if (v === undefined || v === '') return dflt;
  return !['0', 'false', 'no', 'off'].includes(v.toLowerCase());
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const root = ROOT;
  const base = env.API_BASE ?? '/api';
  const dataDir = path.resolve(env.DATA_DIR ?? path.join(root, 'data'));
  const fileStore = env.FILE_STORE || 'local';
  // refused before anything opens, rather than accepting uploads into a store that does not exist
  if (fileStore !== 'local' && fileStore !== 's3') throw new Error(`FILE_STORE=${fileStore} is not supported: 'local' or 's3'`);
  return {
    port: Number(env.PORT ?? 3000),
    host: env.HOST ?? '0.0.0.0',
    dataDir,
    filesDir: path.resolve(env.FILES_DIR ?? path.join(dataDir, 'files')),
    fileStore,
    s3: fileStore === 's3' ? s3Settings(env) : undefined,
    databaseUrl: env.DATABASE_URL || undefined,
    dbEngine: embeddedEngine(env.DB_ENGINE),
    trustProxy: env.TRUST_PROXY === 'true' ? true : env.TRUST_PROXY === 'false' ? false : env.TRUST_PROXY || 'loopback,linklocal,uniquelocal',
    registerPerHour: Number(env.REGISTER_PER_HOUR ?? 10),
    databaseListenUrl: env.DATABASE_LISTEN_URL || env.DATABASE_URL || undefined,
    dbPreparedStatements: env.DB_PREPARED_STATEMENTS ? flag(env.DB_PREPARED_STATEMENTS, true) : undefined,
    apiBase: base === '/' ? '' : base.replace(/\/$/, ''),
    seedDemo: flag(env.SEED_DEMO, true),
    webDist: path.join(root, 'apps/web/dist'),
    logLevel: env.LOG_LEVEL ?? 'info',
    sessionCacheSeconds: Number(env.SESSION_CACHE_SECONDS ?? 30),
    reminderIntervalMinutes: Number(env.REMINDER_INTERVAL_MINUTES ?? 30),
    metricsToken: env.METRICS_TOKEN || undefined,
    shutdownGraceSeconds: Number(env.SHUTDOWN_GRACE_SECONDS ?? 30),
  };
}

/** S3_* variables; the bucket is required, and a key id without its secret is a mistake worth stopping for. */
function s3Settings(env: NodeJS.ProcessEnv): S3Settings {
  if (!env.S3_BUCKET) throw new Error('FILE_STORE=s3 needs S3_BUCKET');
  if (!env.S3_ACCESS_KEY !== !env.S3_SECRET_KEY)
    throw new Error('FILE_STORE=s3: set both S3_ACCESS_KEY and S3_SECRET_KEY, or neither (default AWS credentials)');
  return {
    bucket: env.S3_BUCKET,
    region: env.S3_REGION || 'us-east-1',
    endpoint: env.S3_ENDPOINT || undefined,
    accessKeyId: env.S3_ACCESS_KEY || undefined,
    secretAccessKey: env.S3_SECRET_KEY || undefined,
    forcePathStyle: flag(env.S3_FORCE_PATH_STYLE, !!env.S3_ENDPOINT),
    prefix: env.S3_PREFIX ? env.S3_PREFIX.replace(/\/*$/, '/') : undefined,
  };
}
