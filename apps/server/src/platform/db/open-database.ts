import type { Database } from './database.ts';

/** DB_ENGINE: which database the server opens when DATABASE_URL is not set. */
export type EmbeddedEngine = 'postgres' | 'pglite';

export function embeddedEngine(value: string | undefined): EmbeddedEngine {
  if (!value || value === 'postgres') return 'postgres';
  if (value === 'pglite') return 'pglite';
  throw new Error(`DB_ENGINE=${value} is not supported: 'postgres' (embedded PostgreSQL, the default) or 'pglite'`);
}

/**
 * The server's database: PostgreSQL at DATABASE_URL when given; otherwise an embedded one in dataDir:
 * a PostgreSQL child process (engine 'postgres', what the server's config defaults to, docs/decisions.md
 * issue 12) or PGlite in this process (engine 'pglite', the default here, for tests and tools that
 * open a data folder directly). Without dataDir it is PGlite in memory (the test suites).
 */
export async function openDatabase(opts: {
  databaseUrl?: string;
  listenUrl?: string;
  /** named statements on PostgreSQL (default: see openPostgres) */
  prepare?: boolean;
  dataDir?: string;
  engine?: EmbeddedEngine;
}): Promise<Database> {
  if (opts.databaseUrl) {
    const { openPostgres } = await import('./postgres.ts');
    return openPostgres(opts.databaseUrl, opts.listenUrl, opts.prepare);
  }
  if (opts.dataDir && opts.engine === 'postgres') {
    const { startEmbeddedPostgres } = await import('./embedded-postgres.ts');
    const { openPostgres } = await import('./postgres.ts');
    const cluster = await startEmbeddedPostgres(opts.dataDir);
    try {
      const db = await openPostgres(cluster.url);
      return {
        ...db,
        embedded: `embedded PostgreSQL in ${cluster.dir}`,
        async close() {
          await db.close();
          await cluster.stop();
        },
      };
    } catch (e) {
      await cluster.stop();
      throw e;
    }
  }
  const { openPglite } = await import('./pglite.ts');
  return openPglite(opts.dataDir);
}
