import path from 'node:path';

/** Configuration comes from the environment; every value has a default that needs no set-up. */
export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  apiBase: string;
  seedDemo: boolean;
  webDist: string;
  logLevel: string;
}

function flag(v: string | undefined, dflt: boolean): boolean {
  if (v === undefined || v === '') return dflt;
  return !['0', 'false', 'no', 'off'].includes(v.toLowerCase());
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const root = path.resolve(import.meta.dirname, '../../../..');
  const base = env.API_BASE ?? '/api';
  return {
    port: Number(env.PORT ?? 3000),
    host: env.HOST ?? '0.0.0.0',
    dataDir: path.resolve(env.DATA_DIR ?? path.join(root, 'data')),
    databaseUrl: env.DATABASE_URL || undefined,
    apiBase: base === '/' ? '' : base.replace(/\/$/, ''),
    seedDemo: flag(env.SEED_DEMO, true),
    webDist: path.join(root, 'apps/web/dist'),
    logLevel: env.LOG_LEVEL ?? 'info',
  };
}
