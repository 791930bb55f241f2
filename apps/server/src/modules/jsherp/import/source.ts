import mysql from 'mysql2/promise';

/** A row of a jshERP table as mysql2 reads it: decimals and datetimes as text, bit(1) as a Buffer. */
export type JshRow = Record<string, unknown>;

/** jshERP's tables the import reads (jshERP 3.x names). */
const TABLES = [
  'jsh_unit',
  'jsh_material_category',
  'jsh_depot',
  'jsh_person',
  'jsh_account',
  'jsh_supplier',
  'jsh_material',
  'jsh_material_extend',
  'jsh_material_initial_stock',
  'jsh_role',
  'jsh_user',
  'jsh_user_business',
  'jsh_depot_head',
  'jsh_depot_item',
  'jsh_in_out_item',
  'jsh_account_head',
  'jsh_account_item',
  'jsh_system_config',
] as const;
export type JshTable = (typeof TABLES)[number];
/** jshERP's menu catalogue (global, no tenant_id): role grants name its ids. */
export type JshData = Record<JshTable | 'jsh_function', JshRow[]>;

/** Tables a jshERP database may lack (older versions); read as empty. */
const OPTIONAL: JshTable[] = [
  'jsh_material_initial_stock',
  'jsh_user_business',
  'jsh_in_out_item',
  'jsh_account_head',
  'jsh_account_item',
  'jsh_system_config',
];

/**
 * Reads one jshERP company (tenant_id) out of a jshERP 3.x MySQL/MariaDB database, deleted rows
 * included (the import reports them). Without a tenant id, the database must hold exactly one company.
 */
export async function readJshErp(url: string, tenantId?: number): Promise<{ tenantId: number; data: JshData }> {
  const conn = await mysql.createConnection({ uri: url, dateStrings: true, supportBigNumbers: true, decimalNumbers: false });
  try {
    const tenant = tenantId ?? (await onlyTenant(conn));
    const data = {} as JshData;
    for (const t of TABLES) {
      try {
        const [rows] = await conn.query(`select * from \`${t}\` where tenant_id = ? order by id`, [tenant]);
        data[t] = rows as JshRow[];
      } catch (e) {
        if (OPTIONAL.includes(t) && (e as { code?: string }).code === 'ER_NO_SUCH_TABLE') data[t] = [];
        else throw e;
      }
    }
    try {
      const [fns] = await conn.query('select id, number, url, push_btn from jsh_function where delete_flag is null or delete_flag <> ?', ['1']);
      data.jsh_function = fns as JshRow[];
    } catch (e) {
      if ((e as { code?: string }).code !== 'ER_NO_SUCH_TABLE') throw e;
      data.jsh_function = [];
    }
    return { tenantId: tenant, data };
  } finally {
    await conn.end();
  }
}

async function onlyTenant(conn: mysql.Connection): Promise<number> {
  const [rows] = await conn.query('select distinct tenant_id as t from jsh_user where tenant_id is not null');
  const ids = (rows as { t: number | string }[]).map((r) => Number(r.t));
  if (ids.length !== 1) throw new Error(`the jshERP database holds ${ids.length} companies (${ids.join(', ')}): name one with --jsh-tenant <id>`);
  return ids[0];
}

/** bit(1) arrives as a Buffer, tinyint as a number, flags as '0'/'1'. */
export function flag(v: unknown): boolean {
  if (Buffer.isBuffer(v)) return v[0] === 1;
  return v === 1 || v === '1' || v === true;
}

export const isDeleted = (r: JshRow) => flag(r.delete_flag ?? r.delete_Flag);

/** A text column: empty and null are absent. */
export function text(v: unknown): string | undefined {
  if (v === null || v === undefined) return undefined;
  const s = String(v).trim();
  return s === '' ? undefined : s;
}

/** A decimal column as exact text without trailing zeros ('12.500000' → '12.5'); null is absent. */
export function dec(v: unknown): string | undefined {
  const s = text(v);
  if (s === undefined) return undefined;
  return s.includes('.') ? s.replace(/0+$/, '').replace(/\.$/, '') : s;
}

/** Drops absent values so our strict schemas see only what jshERP had. */
export function clean<T extends Record<string, unknown>>(o: T): Partial<T> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined && v !== null && v !== '')) as Partial<T>;
}

/** Lines (not deleted) by their header_id. */
export function byHeader(lines: JshRow[]): Map<number, JshRow[]> {
  const m = new Map<number, JshRow[]>();
  for (const l of lines) {
    if (isDeleted(l)) continue;
    const h = Number(l.header_id);
    m.set(h, [...(m.get(h) ?? []), l]);
  }
  return m;
}
