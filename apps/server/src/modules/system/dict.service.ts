import type { Tx } from '../../platform/db/database.ts';
import { badRequest } from '../../platform/errors.ts';

const ITEM_COLUMNS = `d.id, d.dict_type as "dictType", d.label as "dictLabel", d.value as "dictValue", d.sort as "dictSort",
  d.list_class as "listClass", d.css_class as "cssClass", d.is_default as "isDefault", d.enabled, d.remark,
  to_char(d.updated_at, 'YYYY-MM-DD HH24:MI:SS') as "updateTime"`;

/** Accepts epoch milliseconds or 'YYYY-MM-DD[ HH:mm:ss]'. */
function parseTime(s: string): Date {
  const d = /^\d{1,15}$/.test(s) ? new Date(Number(s)) : /^\d{4}-\d{2}-\d{2}([ T]\d{2}:\d{2}(:\d{2})?)?$/.test(s) ? new Date(s.replace(' ', 'T')) : undefined;
  if (!d || Number.isNaN(d.getTime())) throw badRequest('参数错误 time: 须为毫秒时间戳或 YYYY-MM-DD HH:mm:ss');
  return d;
}

/** Dictionary items changed since a time (epoch ms or a date), for client caches. */
export async function dictItemsSince(tx: Tx, tenantId: number, time: string) {
  return tx.query(`select ${ITEM_COLUMNS} from dict_data d where d.tenant_id = $1 and d.updated_at > $2 order by d.dict_type, d.sort`, [
    tenantId,
    parseTime(time),
  ]);
}

/** The enabled items of one dictionary. */
export async function dictItems(tx: Tx, tenantId: number, dictType: string) {
  return (
    await tx.query<Record<string, unknown>>(
      `select ${ITEM_COLUMNS} from dict_data d where d.tenant_id = $1 and d.dict_type = $2 and d.enabled order by d.sort`,
      [tenantId, dictType],
    )
  ).map((r) => ({ ...r, label: r.dictLabel, value: r.dictValue, raw: { listClass: r.listClass, cssClass: r.cssClass } }));
}

/** Material field aliases, cached by the client after sign-in. */
export async function allMaterialProperties(tx: Tx, tenantId: number) {
  return tx.query(
    `select id, native_name as "nativeName", another_name as "anotherName", enabled, sort
       from material_property where tenant_id = $1 order by sort, id`,
    [tenantId],
  );
}
