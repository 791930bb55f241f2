import { z } from 'zod';
import { column, createSchema, listQuerySchema, updateSchema, type EntityDef } from '@erp/entities';
import { defineRoute, type RouteSpec } from '../http/route.ts';
import type { Tx } from '../db/database.ts';
import type { Session } from '../auth/session.ts';
import { BusinessError, badRequest, notFound } from '../errors.ts';
import { logWrite } from '../audit.ts';
import { info, listRows } from './list-rows.ts';
import { runDeleteHook, runSaveHook, runStatusHook } from './hooks.ts';
import { exportRoute } from './export.ts';
import { importRoute } from './import.ts';

const ids = z.string().regex(/^\d{1,15}(,\d{1,15}){0,999}$/, 'ids 须为逗号分隔的编号');
const idQuery = z.strictObject({ id: z.coerce.number().int().positive() });
export const NAME_EXISTS = '名称已存在';

/** Name-exists rule (SPEC §7.5): the name, within the name scope, among the company's live rows. */
async function nameTaken(tx: Tx, def: EntityDef, s: Session, row: Record<string, unknown>, exceptId?: number): Promise<boolean> {
  const name = def.nameField ? row[def.nameField] : undefined;
  if (!def.nameField || typeof name !== 'string') return false;
  const params: unknown[] = [s.tenantId, name.trim(), exceptId ?? 0];
  const scope = (def.nameScope ?? []).map((k) => `and ${column(k)} is not distinct from $${params.push(row[k] ?? null)}`);
  const r = await tx.one(
    `select 1 from ${def.table} where tenant_id = $1 and ${column(def.nameField)} = $2 ${def.softDelete ? 'and not delete_flag' : ''}
        and id <> $3 ${scope.join(' ')} limit 1`,
    params,
  );
  return !!r;
}

/** A dictionary field holds a value of that dictionary of the company. */
async function checkDictionaryValues(tx: Tx, def: EntityDef, s: Session, row: Record<string, unknown>) {
  for (const [k, fd] of Object.entries(def.fields)) {
    if (fd.kind !== 'dict' || row[k] === undefined || row[k] === null || row[k] === '') continue;
    const ok = await tx.one('select 1 from dict_data where tenant_id = $1 and dict_type = $2 and value = $3', [s.tenantId, fd.dictType, row[k]]);
    if (!ok) throw badRequest(`参数错误 ${k}: 字典 ${fd.dictType} 中没有值 ${String(row[k])}`);
  }
}

/** An update may change only some fields: the name rule needs the stored name and scope for the rest. */
async function withStored(tx: Tx, def: EntityDef, s: Session, row: Record<string, unknown>, id: number) {
  const keys = [def.nameField, ...(def.nameScope ?? [])].filter((k): k is string => !!k);
  const stored = await tx.one<Record<string, unknown>>(
    `select ${keys.map((k) => `${column(k)} as "${k}"`).join(', ')} from ${def.table} where tenant_id = $1 and id = $2`,
    [s.tenantId, id],
  );
  return { ...stored, ...Object.fromEntries(Object.entries(row).filter(([, v]) => v !== undefined)) };
}

/** Shared by add, update and import: name rule, dictionaries, exclusive flags, hooks, the write, the log. */
export async function saveRow(tx: Tx, def: EntityDef, s: Session, ip: string, body: Record<string, unknown>, id?: number) {
  const { id: _id, ...row } = body;
  if (await nameTaken(tx, def, s, id === undefined ? row : await withStored(tx, def, s, row, id), id)) throw new BusinessError(NAME_EXISTS);
  await checkDictionaryValues(tx, def, s, row);
  const ctx = { tx, session: s, def };
  await runSaveHook('beforeSave', ctx, row, id);
  for (const [k, fd] of Object.entries(def.fields)) {
    if (fd.kind === 'bool' && fd.exclusive && row[k] === true) {
      await tx.query(`update ${def.table} set ${column(k)} = false where tenant_id = $1 and ${column(k)} and id <> $2`, [s.tenantId, id ?? 0]);
    }
  }
  const keys = Object.keys(row).filter((k) => row[k] !== undefined);
  const cols = keys.map((k) => (k === 'enabled' ? 'enabled' : column(k)));
  const vals = keys.map((k) => row[k]);
  let newId: number;
  if (id === undefined) {
    const r = await tx.one<{ id: number }>(
      `insert into ${def.table}(tenant_id, creator, updater${cols.map((c) => `, ${c}`).join('')})
       values ($1, $2, $2${vals.map((_, i) => `, $${i + 3}`).join('')}) returning id`,
      [s.tenantId, s.userId, ...vals],
    );
    newId = r!.id;
  } else {
    const r = await tx.one<{ id: number }>(
      `update ${def.table} set updater = $3, updated_at = now()${cols.map((c, i) => `, ${c} = $${i + 4}`).join('')}
        where tenant_id = $1 and id = $2 ${def.softDelete ? 'and not delete_flag' : ''} returning id`,
      [s.tenantId, id, s.userId, ...vals],
    );
    if (!r) throw notFound('记录不存在或已删除');
    newId = id;
  }
  await runSaveHook('afterSave', ctx, row, newId);
  await logWrite(tx, s, ip, id === undefined ? 'add' : 'update', def.name, [newId], row);
  return newId;
}

async function remove(tx: Tx, def: EntityDef, s: Session, ip: string, idList: number[]) {
  await runDeleteHook({ tx, session: s, def }, idList);
  const sql = def.softDelete
    ? `update ${def.table} set delete_flag = true, updater = $3, updated_at = now() where tenant_id = $1 and id = any($2::bigint[]) and not delete_flag returning id`
    : `delete from ${def.table} where tenant_id = $1 and id = any($2::bigint[]) returning id`;
  const done = await tx.query(sql, def.softDelete ? [s.tenantId, idList, s.userId] : [s.tenantId, idList]);
  // all or nothing: an id that is not a live row of this company refuses the whole batch
  if (done.length !== new Set(idList).size) throw notFound('部分记录不存在或已删除，未删除任何记录');
  await logWrite(tx, s, ip, 'delete', def.name, idList);
  return { message: '删除成功' };
}

const parseIds = (s: string) => [...new Set(s.split(',').map(Number))];

/** The generic endpoints of ARCHITECTURE §4 for one entity, each guarded by its menu and button. */
export function entityRoutes(def: EntityDef): RouteSpec[] {
  const base = `/${def.name}`;
  const tags = [def.name];
  const read = { menu: def.menu } as const;
  const write = { menu: def.menu, btn: '1' } as const;
  const routes: RouteSpec[] = [
    defineRoute({
      method: 'GET', url: `${base}/list`, summary: `${def.label.en}: paged list`, tags, access: read, query: listQuerySchema,
      handler: ({ tx, session, query }) => listRows(tx, def, session, query),
    }),
    defineRoute({
      method: 'GET', url: `${base}/info`, summary: `${def.label.en}: one record`, tags, access: read, query: idQuery,
      handler: ({ tx, session, query }) => info(tx, def, session, query.id),
    }),
    defineRoute({
      method: 'POST', url: `${base}/add`, summary: `${def.label.en}: add`, tags, access: write, body: createSchema(def),
      handler: async ({ tx, session, body, req }) => ({ id: await saveRow(tx, def, session, req.ip, body), message: '新增成功' }),
    }),
    defineRoute({
      method: 'PUT', url: `${base}/update`, summary: `${def.label.en}: change`, tags, access: write, body: updateSchema(def),
      handler: async ({ tx, session, body, req }) => ({ id: await saveRow(tx, def, session, req.ip, body, body.id as number), message: '修改成功' }),
    }),
    defineRoute({
      method: 'DELETE', url: `${base}/delete`, summary: `${def.label.en}: delete one`, tags, access: write, query: idQuery,
      handler: ({ tx, session, query, req }) => remove(tx, def, session, req.ip, [query.id]),
    }),
    defineRoute({
      method: 'DELETE', url: `${base}/deleteBatch`, summary: `${def.label.en}: delete several`, tags, access: write,
      query: z.strictObject({ ids }),
      handler: ({ tx, session, query, req }) => remove(tx, def, session, req.ip, parseIds(query.ids)),
    }),
    defineRoute({
      method: 'GET', url: `${base}/checkIsNameExist`, summary: `${def.label.en}: is the name taken?`, tags, access: read,
      query: z.strictObject({
        name: z.string().max(255),
        id: z.coerce.number().int().min(0).default(0),
        ...Object.fromEntries((def.nameScope ?? []).map((k) => [k, z.string().max(64).optional()])),
      }),
      handler: async ({ tx, session, query }) => ({
        status: await nameTaken(tx, def, session, { ...query, [def.nameField ?? 'name']: query.name }, query.id),
      }),
    }),
    exportRoute(def),
    importRoute(def),
  ];
  if (def.status) {
    routes.push(
      defineRoute({
        method: 'POST', url: `${base}/batchSetStatus`, summary: `${def.label.en}: enable or disable`, tags, access: write,
        body: z.strictObject({ status: z.union([z.boolean(), z.enum(['0', '1', 'true', 'false'])]), ids }),
        handler: async ({ tx, session, body, req }) => {
          const on = body.status === true || body.status === '1' || body.status === 'true';
          const idList = parseIds(body.ids);
          await runStatusHook({ tx, session, def }, idList, on);
          const done = await tx.query(
            `update ${def.table} set enabled = $3, updater = $4, updated_at = now()
              where tenant_id = $1 and id = any($2::bigint[]) ${def.softDelete ? 'and not delete_flag' : ''} returning id`,
            [session.tenantId, idList, on, session.userId],
          );
          if (done.length !== idList.length) throw notFound('部分记录不存在或已删除，未修改任何记录');
          await logWrite(tx, session, req.ip, on ? 'enable' : 'disable', def.name, idList);
          return { message: '操作成功' };
        },
      }),
    );
  }
  return routes;
}
