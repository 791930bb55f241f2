import pg from 'pg';
import { ENTITIES, listQuerySchema } from '@erp/entities';
import type { Tx } from '../../apps/server/src/platform/db/database.ts';
import { tenantPreamble } from '../../apps/server/src/platform/db/database.ts';
import type { Session } from '../../apps/server/src/platform/auth/session.ts';
import { listRows } from '../../apps/server/src/platform/crud/list-rows.ts';
// the material list's barcode filter and list fill, as the server has them
import { masterControllers } from '../../apps/server/src/modules/master/index.ts';
import { useControllers } from '../../apps/server/src/platform/crud/controller.ts';
import type { Side } from './side-by-side.ts';
// the server's request type augmentation, which those modules' types assume (type-only)
import type {} from '@fastify/multipart';

useControllers(masterControllers);

// as the server's pool parses them (platform/db/postgres.ts), so hooks bind the same values
pg.types.setTypeParser(20, (v) => Number(v));

/** One statement as the server sends it: text and bound values. */
export type Statement = [sql: string, params: unknown[]];

/**
 * The raw-SQL baseline is not hand-written: it is whatever the server's own list code
 * (listRows and the entity's hooks) sends for that query, recorded by running that code once
 * against a Tx that logs each statement, in a tenant transaction opened as the server opens it.
 */
export async function captureListSql(url: string, tenantId: number, entity: string, query: Record<string, string>): Promise<Statement[]> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  const log: Statement[] = [];
  const tx: Tx = {
    async query<T>(sql: string, params: unknown[] = []) {
      log.push([sql, params]);
      return (await c.query(sql, params)).rows as T[];
    },
    async one<T>(sql: string, params: unknown[] = []) {
      return (await tx.query<T>(sql, params))[0];
    },
    async exec(sql: string) {
      log.push([sql, []]);
      await c.query(sql);
    },
  };
  try {
    await c.query(`begin; ${tenantPreamble(tenantId)}`);
    const session = { tenantId, priceMasked: false } as Session;
    await listRows(tx, ENTITIES[entity], session, listQuerySchema.parse(query));
    await c.query('rollback');
  } finally {
    await c.end();
  }
  return log;
}

/** Nearest-rank percentile of sorted values. */
export const percentile = (sorted: Float64Array, p: number) => (sorted.length ? sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)] : NaN);

/** The statements as one tenant transaction per request, on a connection of its own, as the server's pool runs them. */
export function rawSide(url: string, tenantId: number, stmts: Statement[]): Side {
  return {
    name: 'raw SQL',
    async make() {
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      return {
        async once() {
          await c.query(`begin; ${tenantPreamble(tenantId)}`);
          for (const [sql, params] of stmts) await c.query(sql, params);
          await c.query('commit');
        },
        close: () => c.end(),
      };
    },
  };
}
