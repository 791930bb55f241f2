import pg from 'pg';
import type { Tx } from '../../apps/server/src/platform/db/database.ts';
import { tenantPreamble } from '../../apps/server/src/platform/db/database.ts';
import type { Session } from '../../apps/server/src/platform/auth/session.ts';
import type { RouteSpec } from '../../apps/server/src/platform/http/route.ts';
import { inventoryRoutes } from '../../apps/server/src/modules/inventory/index.ts';
import type { Statement } from './raw-sql.ts';
// the server's request type augmentation, which those modules' types assume (type-only)
import type {} from '@fastify/multipart';

/**
 * The raw-SQL baseline of a GET route: whatever its handler sends, recorded by running the route's
 * own handler once (query parsed by its schema) against a Tx that logs each statement, in a tenant
 * transaction opened as the server opens it, for an administrator of the company.
 */
export async function captureRouteSql(
  url: string,
  who: { tenantId: number; userId: number },
  path: string,
  query: Record<string, string>,
  routes: RouteSpec[] = inventoryRoutes as RouteSpec[],
): Promise<Statement[]> {
  const route = routes.find((r) => r.method === 'GET' && r.url === path);
  if (!route) throw new Error(`no GET route ${path}`);
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
    await c.query(`begin; ${tenantPreamble(who.tenantId)}`);
    const session = {
      tenantId: who.tenantId,
      userId: who.userId,
      admin: true,
      roles: ['admin'],
      roleType: '全部数据',
      priceMasked: false,
      grants: new Map(),
      blocked: new Set(),
      supplierId: null,
    } as unknown as Session;
    const parsed = route.query ? (route.query as { parse: (x: unknown) => unknown }).parse(query) : {};
    await (route.handler as (c: unknown) => Promise<unknown>)({ tx, session, query: parsed, afterCommit: () => {} });
    await c.query('rollback');
  } finally {
    await c.end();
  }
  return log;
}
