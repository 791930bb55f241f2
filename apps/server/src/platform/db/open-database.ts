import type { Database } from './database.ts';

/** The server's database: PostgreSQL when a URL is given, otherwise embedded PGlite (in dataDir, or in memory). */
export async function openDatabase(opts: { databaseUrl?: string; listenUrl?: string; dataDir?: string }): Promise<Database> {
  if (opts.databaseUrl) {
    const { openPostgres } = await import('./postgres.ts');
    return openPostgres(opts.databaseUrl, opts.listenUrl);
  }
  const { openPglite } = await import('./pglite.ts');
  return openPglite(opts.dataDir);
}
