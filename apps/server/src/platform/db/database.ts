/**
 * One SQL dialect, two engines (ARCHITECTURE §1): PostgreSQL (a server at DATABASE_URL, or by
 * default one started by the server in DATA_DIR) and PGlite (DB_ENGINE=pglite, and the test
 * suites in memory). Everything above this file sees only `Database` and `Tx`.
 */
export type Row = Record<string, unknown>;

export interface Tx {
  query<T = Row>(sql: string, params?: unknown[]): Promise<T[]>;
  one<T = Row>(sql: string, params?: unknown[]): Promise<T | undefined>;
  /** Several statements without parameters. */
  exec(sql: string): Promise<void>;
  /**
   * PostgreSQL: the transaction's last statement, with its commit sent right behind it (one round trip, issue 13);
   * resolves with the first row once both succeeded. Nothing may follow it in the transaction: a statement after it is
   * refused, and an error thrown after it no longer undoes it. The statement refuses by raising (an aborted transaction
   * commits nothing), not by an answer. Absent (PGlite, wrappers that do not pass it on): `one`, and the commit as usual.
   */
  oneAndCommit?<T = Row>(sql: string, params?: unknown[]): Promise<T | undefined>;
}

export type Engine = 'pglite' | 'postgres';

export interface Database {
  readonly engine: Engine;
  /** Set when this server runs the database itself (no other server shares it): what and where. */
  readonly embedded?: string;
  /** A transaction as the table owner: migrations, sign-in, platform administration. */
  system<T>(fn: (tx: Tx) => Promise<T>): Promise<T>;
  /**
   * A transaction as the unprivileged app role with app.tenant_id set, so row-level
   * security confines every statement to that tenant whatever the SQL says.
   */
  tenant<T>(tenantId: number, fn: (tx: Tx) => Promise<T>): Promise<T>;
  listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>>;
  notify(channel: string, payload: string): Promise<void>;
  close(): Promise<void>;
  /** Connections of the pool (PostgreSQL only), for /metrics. */
  poolStats?(): { total: number; idle: number; waiting: number };
}

export const APP_ROLE = 'erp_app';
/** The role of a supplier portal request (db/migrations/200): fewer tables, and one supplier's rows on them. */
export const PORTAL_ROLE = 'erp_portal';

/** Narrows a tenant transaction to one supplier (issue 22): run first in the transaction; supplierId is checked. */
export function supplierPreamble(supplierId: number): string {
  if (!Number.isSafeInteger(supplierId) || supplierId <= 0) throw new Error(`bad supplier id ${supplierId}`);
  return `select set_config('app.supplier_id', '${supplierId}', true); set local role ${PORTAL_ROLE};`;
}

/** The statements that open a tenant-scoped transaction; tenantId is an integer we checked. */
export function tenantPreamble(tenantId: number): string {
  if (!Number.isSafeInteger(tenantId) || tenantId <= 0) throw new Error(`bad tenant id ${tenantId}`);
  return `select set_config('app.tenant_id', '${tenantId}', true); set local role ${APP_ROLE};`;
}

/**
 * The refusal a statement raised with erp_refuse(code, detail) (migration 056) — its SQLSTATE and detail — when `e` is
 * one of `codes`; otherwise undefined, and the caller rethrows `e`.
 */
export function refusalOf<C extends string>(e: unknown, ...codes: C[]): { code: C; detail: string } | undefined {
  const code = (e as { code?: string } | null)?.code;
  return codes.includes(code as C) ? { code: code as C, detail: (e as Error).message } : undefined;
}
