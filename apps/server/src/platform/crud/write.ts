import { column, type EntityDef } from '@erp/entities';
import type { Tx } from '../db/database.ts';
import type { Session } from '../auth/session.ts';
import { BusinessError, badRequest, notFound } from '../errors.ts';
import { logWrite } from '../audit.ts';
import type { FileStore } from '../files/index.ts';
import { runDeleteHook, runSaveHook, runStatusHook } from './controller.ts';

export const NAME_EXISTS = '名称已存在';

/** Name-exists rule (SPEC §7.5): the name, within the name scope, among the company's live rows. */
export async function nameTaken(tx: Tx, def: EntityDef, s: Session, row: Record<string, unknown>, exceptId?: number): Promise<boolean> {
  const name = def.nameField ? row[def.nameField] : undefined;
  if (!def.nameField || (typeof name !== 'string' && typeof name !== 'number')) return false;
  const params: unknown[] = [s.tenantId, typeof name === 'string' ? name.trim() : name, exceptId ?? 0];
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

/** Shared by add, update and import: name rule, dictionaries, exclusive flags, hooks (given the file store), the write, the log. */
export async function saveRow(tx: Tx, def: EntityDef, s: Session, ip: string, body: Record<string, unknown>, id?: number, files?: FileStore) {
  const { id: _id, ...row } = body;
  if (await nameTaken(tx, def, s, id === undefined ? row : await withStored(tx, def, s, row, id), id))
    throw new BusinessError(def.nameExistsMessage ?? NAME_EXISTS);
  await checkDictionaryValues(tx, def, s, row);
  const ctx = { tx, session: s, def, files };
  await runSaveHook('beforeSave', ctx, row, id);
  // child lines are saved after the parent row exists
  const lines = Object.entries(def.fields).filter(([k, fd]) => fd.kind === 'lines' && row[k] !== undefined);
  const lineValues = Object.fromEntries(lines.map(([k]) => [k, row[k] as Record<string, unknown>[]]));
  for (const [k] of lines) delete row[k];
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
  for (const [k, fd] of lines) if (fd.kind === 'lines') await syncLines(tx, fd.of, fd.foreignKey, s, ip, newId, lineValues[k]);
  await runSaveHook('afterSave', ctx, { ...row, ...lineValues }, newId);
  await logWrite(tx, s, ip, id === undefined ? 'add' : 'update', def.name, [newId], row);
  return newId;
}

export async function removeRows(tx: Tx, def: EntityDef, s: Session, ip: string, idList: number[]) {
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

/**
 * Makes a parent's child lines equal the given list: lines with an id are changed, lines without
 * are added, stored lines missing from the list are removed. Each goes through saveRow, so the
 * child's own rules (unique barcodes, dictionaries, hooks) apply.
 */
async function syncLines(tx: Tx, child: EntityDef, fk: string, s: Session, ip: string, parentId: number, list: Record<string, unknown>[]) {
  const stored = await tx.query<{ id: number }>(
    `select id from ${child.table} where tenant_id = $1 and ${column(fk)} = $2 ${child.softDelete ? 'and not delete_flag' : ''}`,
    [s.tenantId, parentId],
  );
  const storedIds = new Set(stored.map((r) => r.id));
  const kept = new Set<number>();
  for (const line of list) {
    const id = line.id as number | undefined;
    if (id !== undefined && !storedIds.has(id)) throw notFound(`${child.label.zh}明细不存在: ${id}`);
    if (id !== undefined) kept.add(id);
  }
  const gone = [...storedIds].filter((id) => !kept.has(id));
  // remove first, so a value moved from a removed line to a new one does not collide
  if (gone.length) await removeRows(tx, child, s, ip, gone);
  for (const line of list) {
    const { id, ...values } = line;
    await saveRow(tx, child, s, ip, { ...values, [fk]: parentId }, id as number | undefined);
  }
}

/** Enables or disables records (all or none), after the controller's beforeStatus. */
export async function setEnabled(tx: Tx, def: EntityDef, s: Session, ip: string, idList: number[], on: boolean) {
  await runStatusHook({ tx, session: s, def }, idList, on);
  const done = await tx.query(
    `update ${def.table} set enabled = $3, updater = $4, updated_at = now()
      where tenant_id = $1 and id = any($2::bigint[]) ${def.softDelete ? 'and not delete_flag' : ''} returning id`,
    [s.tenantId, idList, on, s.userId],
  );
  if (done.length !== idList.length) throw notFound('部分记录不存在或已删除，未修改任何记录');
  await logWrite(tx, s, ip, on ? 'enable' : 'disable', def.name, idList);
  return { message: '操作成功' };
}
