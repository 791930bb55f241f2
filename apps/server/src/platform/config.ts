import path from 'node:path';
import { ROOT } from './root.ts';

/** Configuration comes from the environment; every value has a default that needs no set-up. */
export interface Config {
  port: number;
  host: string;
  dataDir: string;
  /** Uploaded and resource files: FILES_DIR, default <dataDir>/files. */
  filesDir: string;
  /** FILE_STORE: only 'local' for now (s3 is refused at start, see docs/decisions.md). */
  fileStore: 'local';
  databaseUrl: string | undefined;
  apiBase: string;
  seedDemo: boolean;
  webDist: string;
  logLevel: string;
  /** How long a signed-in session may be served from memory (0: never). */
  sessionCacheSeconds: number;
}

function flag(v: string | undefined, dflt: boolean): boolean {
  if (v === undefined || v === '') return dflt;
  return !['0', 'false', 'no', 'off'].includes(v.toLowerCase());
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const root = ROOT;
  const base = env.API_BASE ?? '/api';
  const dataDir = path.resolve(env.DATA_DIR ?? path.join(root, 'data'));
  // refused before anything opens, rather than accepting uploads into a store that does not exist
  if (env.FILE_STORE && env.FILE_STORE !== 'local') {
    throw new Error(`FILE_STORE=${env.FILE_STORE} is not supported yet: only 'local' (files under FILES_DIR) works; see docs/decisions.md`);
  }
  return {
    port: Number(env.PORT ?? 3000),
    host: env.HOST ?? '0.0.0.0',
    dataDir,
    filesDir: path.resolve(env.FILES_DIR ?? path.join(dataDir, 'files')),
    fileStore: 'local',
    databaseUrl: env.DATABASE_URL || undefined,
    apiBase: base === '/' ? '' : base.replace(/\/$/, ''),
    seedDemo: flag(env.SEED_DEMO, true),
    webDist: path.join(root, 'apps/web/dist'),
    logLevel: env.LOG_LEVEL ?? 'info',
    sessionCacheSeconds: Number(env.SESSION_CACHE_SECONDS ?? 30),
  };
}
