import { supplierPreamble, type Database, type Tx } from './database.ts';

/** What follows a request's statements for writes (crud's page marks register theirs: db needs no crud import). */
export type WriteWatcher = () => { see(sql: string): void; done(): void };
let watchWrites: WriteWatcher = () => ({ see: () => undefined, done: () => undefined });
export function setWriteWatcher(w: WriteWatcher): void {
  watchWrites = w;
}

/**
 * A request's transaction, opened only when the handler first touches it: a read answered from
 * the session alone costs no database work. Committed by end(), rolled back by end(error). With supplierId
 * (a supplier portal request, issue 22) it runs as erp_portal, confined to that supplier's rows as well.
 */
export function lazyTenantTx(db: Database, tenantId: number, supplierId?: number | null): { tx: Tx; end(err?: unknown): Promise<void> } {
  let opened: Promise<Tx> | undefined;
  let settle: ((err?: unknown) => void) | undefined;
  let done: Promise<void> | undefined;
  const open = () =>
    (opened ??= new Promise<Tx>((resolve, reject) => {
      done = db.tenant(tenantId, async (tx) => {
        if (supplierId) await tx.exec(supplierPreamble(supplierId));
        return new Promise<void>((res, rej) => {
          settle = (err) => (err ? rej(err) : res());
          resolve(tx);
        });
      });
      done.catch(reject);
    }));
  // a write drops the page marks of the lists that read the table (list-marks.ts)
  const writes = watchWrites();
  const tx: Tx = {
    query: async <T>(sql: string, params?: unknown[]) => (writes.see(sql), (await open()).query<T>(sql, params)),
    one: async <T>(sql: string, params?: unknown[]) => (writes.see(sql), (await open()).one<T>(sql, params)),
    exec: async (sql: string) => (writes.see(sql), (await open()).exec(sql)),
    // as many awaits as query's and one's, so a statement issued right after another is sent after it
    oneAndCommit: async <T>(sql: string, params?: unknown[]) => {
      writes.see(sql);
      const t = await open();
      return t.oneAndCommit ? t.oneAndCommit<T>(sql, params) : t.one<T>(sql, params);
    },
  };
  return {
    tx,
    async end(err?: unknown) {
      if (!opened) return;
      await opened.catch(() => undefined);
      settle?.(err ?? undefined);
      try {
        await done;
      } catch (e) {
        if (!err) throw e; // a failed commit is the request's error; after a failure the first error wins
      } finally {
        writes.done();
      }
    },
  };
}
