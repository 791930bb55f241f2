import type { RequestCtx } from '../../../platform/request-ctx.ts';
import type { Tx } from '../../../platform/db/database.ts';
import { logWrite } from '../../../platform/audit.ts';
import { BusinessError, notFound } from '../../../platform/errors.ts';
import { likePattern } from '../admin/schemas.ts';

/**
 * Functions (menus) the platform administrator edits (issue 24). The code tree (menu-catalog.ts) is the seed,
 * synced at every start; an entry added here is `custom` (the sync never touches it); a seed entry changed here
 * is `edited` (the sync keeps its name, English name, order and visibility). A hidden entry (enabled = false)
 * leaves every menu, and the routes of its url are refused (platform/auth/session.ts `blocked`).
 */
export interface FunctionFields {
  number?: string;
  parentNumber?: string;
  name?: string;
  englishName?: string;
  url?: string;
  component?: string | null;
  icon?: string | null;
  sort?: string;
  pushBtn?: string;
  enabled?: boolean;
}

const COLUMNS = `id, number, parent_number as "parentNumber", name, english_name as "englishName", url, component, icon, sort,
  push_btn as "pushBtn", hidden, enabled, platform_only as "platformOnly", custom, edited`;

/** Every function, in menu order (parent before child), for the platform administrator's tree. */
export async function listFunctions(tx: Tx, q: { name?: string }) {
  const params: unknown[] = [];
  const where = q.name ? `where name ilike $${params.push(likePattern(q.name))} or english_name ilike $1` : '';
  const rows = await tx.query(`select ${COLUMNS} from sys_function ${where} order by sort, number`, params);
  return { rows, total: rows.length };
}

export async function numberTaken(tx: Tx, q: { number: string; id: number }) {
  const r = await tx.one('select 1 from sys_function where number = $1 and id <> $2', [q.number, q.id]);
  return { status: !!r };
}

async function checkParent(tx: Tx, parentNumber: string, number?: string) {
  if (parentNumber === '0') return;
  if (number && (parentNumber === number || parentNumber.startsWith(number))) throw new BusinessError('上级菜单不能是自身或其下级');
  const p = await tx.one('select 1 from sys_function where number = $1', [parentNumber]);
  if (!p) throw new BusinessError('上级菜单不存在');
}

/** A new entry; its number must be free and its parent exist. */
export async function addFunction(
  ctx: RequestCtx,
  f: Required<Pick<FunctionFields, 'number' | 'parentNumber' | 'name' | 'englishName' | 'url'>> & FunctionFields,
) {
  const { tx } = ctx;
  if ((await numberTaken(tx, { number: f.number, id: 0 })).status) throw new BusinessError('编号已存在');
  await checkParent(tx, f.parentNumber);
  const row = await tx.one<{ id: number }>(
    `insert into sys_function(number, parent_number, name, english_name, url, component, icon, sort, push_btn, enabled, custom)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, true) returning id`,
    [f.number, f.parentNumber, f.name, f.englishName, f.url, f.component ?? f.url, f.icon ?? null, f.sort ?? f.number, f.pushBtn ?? '1', f.enabled ?? true],
  );
  await logWrite(tx, ctx.session, ctx.ip, '新增', 'function', [row!.id], f);
  return row;
}

const SEED_EDITABLE = { name: 'name', englishName: 'english_name', sort: 'sort', enabled: 'enabled' } as const;
const CUSTOM_EDITABLE = {
  ...SEED_EDITABLE,
  number: 'number',
  parentNumber: 'parent_number',
  url: 'url',
  component: 'component',
  icon: 'icon',
  pushBtn: 'push_btn',
} as const;

/** Changes an entry. A seed entry takes a new name, English name, order or visibility; an added entry anything. */
export async function updateFunction(ctx: RequestCtx, f: FunctionFields & { id: number }) {
  const { tx } = ctx;
  const cur = await tx.one<{ custom: boolean; number: string }>('select custom, number from sys_function where id = $1 for update', [f.id]);
  if (!cur) throw notFound('菜单不存在');
  const editable: Record<string, string> = cur.custom ? CUSTOM_EDITABLE : SEED_EDITABLE;
  const refused = Object.keys(f).filter((k) => k !== 'id' && f[k as keyof FunctionFields] !== undefined && !editable[k]);
  if (refused.length) throw new BusinessError(`内置菜单只能修改名称、英文名、排序和显示: ${refused.join(', ')}`);
  if (f.number !== undefined && f.number !== cur.number) {
    if ((await numberTaken(tx, { number: f.number, id: f.id })).status) throw new BusinessError('编号已存在');
    const child = await tx.one('select 1 from sys_function where parent_number = $1', [cur.number]);
    if (child) throw new BusinessError('有下级菜单的编号不能修改');
  }
  if (f.parentNumber !== undefined) await checkParent(tx, f.parentNumber, f.number ?? cur.number);
  const sets: string[] = [];
  const params: unknown[] = [f.id];
  for (const [k, col] of Object.entries(editable)) {
    const v = f[k as keyof FunctionFields];
    if (v !== undefined) sets.push(`${col} = $${params.push(v)}`);
  }
  if (!sets.length) throw new BusinessError('没有要修改的内容');
  await tx.query(`update sys_function set ${sets.join(', ')}, edited = not custom where id = $1`, params);
  await logWrite(tx, ctx.session, ctx.ip, '修改', 'function', [f.id], f);
  return tx.one(`select ${COLUMNS} from sys_function where id = $1`, [f.id]);
}

/** Removes an added entry (never a seed one) that has no entries below it, with every role's grant of it. */
export async function removeFunction(ctx: RequestCtx, id: number) {
  const { tx } = ctx;
  const cur = await tx.one<{ custom: boolean; number: string }>('select custom, number from sys_function where id = $1 for update', [id]);
  if (!cur) throw notFound('菜单不存在');
  if (!cur.custom) throw new BusinessError('内置菜单不能删除，可以隐藏');
  if (await tx.one('select 1 from sys_function where parent_number = $1', [cur.number])) throw new BusinessError('请先删除下级菜单');
  await tx.query('delete from role_function where function_id = $1', [id]);
  await tx.query('delete from sys_function where id = $1', [id]);
  await logWrite(tx, ctx.session, ctx.ip, '删除', 'function', [id]);
  return { message: '删除成功' };
}

/**
 * Removes several added entries at once (jshERP's 功能管理 批量删除), all or nothing: the deepest first, so an entry
 * and the entries below it can go together; a seed entry, or one with an entry below it that stays, refuses them all.
 */
export async function removeFunctions(ctx: RequestCtx, ids: number[]) {
  const rows = await ctx.tx.query<{ id: number; number: string }>('select id, number from sys_function where id = any($1::bigint[])', [ids]);
  if (rows.length < ids.length) throw notFound('菜单不存在');
  for (const r of rows.sort((a, b) => b.number.length - a.number.length)) await removeFunction(ctx, Number(r.id));
  return { message: '删除成功' };
}
