import type { Database, Tx } from '../platform/db/database.ts';

/**
 * The statements of each tenant transaction the app opens while `fn` runs, in order: a request's session
 * lookup (when it is not cached; the server caches sessions, the tests do not) and then the request's own.
 * For statement budgets: a save that starts asking the database more than it did fails its test.
 */
export async function statementsOf(db: Database, fn: () => Promise<unknown>): Promise<string[][]> {
  const txs: string[][] = [];
  const tenant = db.tenant;
  const counted = (tx: Tx, seen: string[]): Tx => ({
    query: (sql, params) => (seen.push(sql), tx.query(sql, params)),
    one: (sql, params) => (seen.push(sql), tx.one(sql, params)),
    exec: (sql) => (seen.push(sql), tx.exec(sql)),
    ...(tx.oneAndCommit && { oneAndCommit: (sql: string, params?: unknown[]) => (seen.push(sql), tx.oneAndCommit!(sql, params)) }),
  });
  db.tenant = <T>(id: number, f: (tx: Tx) => Promise<T>): Promise<T> => {
    const seen: string[] = [];
    txs.push(seen);
    return tenant.call(db, id, (tx) => f(counted(tx, seen))) as Promise<T>;
  };
  try {
    await fn();
  } finally {
    db.tenant = tenant;
  }
  return txs;
}

/** The statements one per line, shortened (for a budget test's print when asked). */
export const printable = (seen: string[]) => seen.map((s) => s.replace(/\s+/g, ' ').slice(0, 140)).join('\n');
