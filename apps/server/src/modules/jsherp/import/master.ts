import type { IdKind, ImportCtx } from './context.ts';
import { imported, skipped, type Kind } from './report.ts';
import { clean, dec, flag, isDeleted, text, type JshRow } from './source.ts';

/** Adds one record through the entity's generic add route; maps the id or reports why it was skipped. */
export async function addOne(c: ImportCtx, kind: Kind, idKind: IdKind, entity: string, row: JshRow, body: Record<string, unknown>) {
  const r = await c.api.post(`/${entity}/add`, clean(body));
  if (!r.ok) return void skipped(c.report, kind, Number(row.id), r.message);
  c.ids[idKind].set(Number(row.id), r.data.id);
  imported(c.report, kind);
  if (row.enabled !== undefined && row.enabled !== null && !flag(row.enabled)) c.disabled.set(entity, [...(c.disabled.get(entity) ?? []), r.data.id]);
}

/** The rows of a table that are not deleted; deleted ones are reported as skipped. */
export function live(c: ImportCtx, kind: Kind, rows: JshRow[]): JshRow[] {
  return rows.filter((r) => {
    if (!isDeleted(r)) return true;
    skipped(c.report, kind, Number(r.id), '已在 jshERP 中删除');
    return false;
  });
}

/** Disables what jshERP had disabled, once nothing more is written that names it. */
export async function disableAtEnd(c: ImportCtx) {
  for (const [entity, ids] of c.disabled) await c.api.post(`/${entity}/batchSetStatus`, { status: false, ids: ids.join(',') });
}

async function simple(c: ImportCtx, kind: Kind, idKind: IdKind, entity: string, rows: JshRow[], map: (r: JshRow) => Record<string, unknown>) {
  for (const row of live(c, kind, rows)) await addOne(c, kind, idKind, entity, row, map(row));
}

const MOBILE = /^1\d{10}$/;
const EMAIL = /^[^@\s]+@[^@\s]+\.[^@\s]+$/;

/** Units, the category tree, warehouses, persons, settlement accounts and partners (materials: materials.ts). */
export async function importMasterData(c: ImportCtx) {
  const s = c.src;
  await simple(c, 'units', 'unit', 'unit', s.jsh_unit, (u) => ({
    name: text(u.name) ?? text(u.basic_unit),
    basicUnit: text(u.basic_unit) ?? text(u.name),
    otherUnit: text(u.other_unit),
    ratio: dec(u.ratio),
    otherUnitTwo: text(u.other_unit_two),
    ratioTwo: dec(u.ratio_two),
    otherUnitThree: text(u.other_unit_three),
    ratioThree: dec(u.ratio_three),
  }));
  await importCategories(c);
  await simple(c, 'persons', 'person', 'person', s.jsh_person, (p) => ({ name: text(p.name), type: text(p.type), sort: text(p.sort) }));
  await simple(c, 'depots', 'depot', 'depot', s.jsh_depot, (d) => ({
    name: text(d.name),
    address: text(d.address),
    warehousing: dec(d.warehousing),
    truckage: dec(d.truckage),
    isDefault: flag(d.is_default) || undefined,
    sort: text(d.sort),
    remark: text(d.remark),
  }));
  await simple(c, 'accounts', 'account', 'account', s.jsh_account, (a) => ({
    name: text(a.name),
    serialNo: text(a.serial_no),
    initialAmount: dec(a.initial_amount),
    isDefault: flag(a.is_default) || undefined,
    sort: text(a.sort),
    remark: text(a.remark),
  }));
  await simple(c, 'inOutItems', 'inOutItem', 'inOutItem', s.jsh_in_out_item, (i) => ({
    name: text(i.name),
    type: text(i.type),
    sort: text(i.sort),
    remark: text(i.remark),
  }));
  await simple(c, 'partners', 'partner', 'supplier', s.jsh_supplier, (p) => {
    const mobile = text(p.telephone);
    const email = text(p.email);
    return {
      name: text(p.supplier),
      type: text(p.type),
      contacts: text(p.contacts),
      // jshERP: telephone is the mobile, phone_num the landline
      phone: mobile && MOBILE.test(mobile) ? mobile : undefined,
      telephone: text(p.phone_num) ?? (mobile && !MOBILE.test(mobile) ? mobile : undefined),
      email: email && EMAIL.test(email) ? email : undefined,
      fax: text(p.fax),
      taxNum: text(p.tax_num),
      bankName: text(p.bank_name),
      accountNumber: text(p.account_number),
      address: text(p.address),
      taxRate: dec(p.tax_rate),
      beginNeedGet: dec(p.begin_need_get),
      beginNeedPay: dec(p.begin_need_pay),
      sort: text(p.sort),
      description: text(p.description),
    };
  });
}

/** The category tree: parents before children; a child whose parent is missing is skipped. */
async function importCategories(c: ImportCtx) {
  let pending = live(c, 'categories', c.src.jsh_material_category);
  const isRoot = (r: JshRow) => r.parent_id === null || Number(r.parent_id) <= 0;
  for (;;) {
    const ready = pending.filter((r) => isRoot(r) || c.ids.category.has(Number(r.parent_id)));
    if (!ready.length) break;
    for (const r of ready) {
      await addOne(c, 'categories', 'category', 'materialCategory', r, {
        name: text(r.name),
        parentId: isRoot(r) ? undefined : c.ids.category.get(Number(r.parent_id)),
        serialNo: text(r.serial_no),
        sort: text(r.sort),
        remark: text(r.remark),
      });
    }
    pending = pending.filter((r) => !ready.includes(r));
  }
  for (const r of pending) skipped(c.report, 'categories', Number(r.id), `上级类别 ${String(r.parent_id)} 不存在或未导入`);
}
