import type { Tx } from '../../platform/db/database.ts';
import { notFound } from '../../platform/errors.ts';
import { allowedIds } from '../../platform/auth/data-scope.ts';
import type { Session } from '../../platform/auth/session.ts';

/** SPEC §7.5–§7.6 look-ups that pickers and selects use; all read enabled, live rows of the company. */

export const partnerNameTaken = async (tx: Tx, tenantId: number, name: string, type: string, exceptId: number) =>
  !!(await tx.one('select 1 from partner where tenant_id = $1 and name = $2 and type = $3 and id <> $4 and not delete_flag', [tenantId, name, type, exceptId]));

export const partnersForPicker = (tx: Tx, tenantId: number, type: string | null, q: string | null) =>
  tx.query(
    `select id, name as supplier, name, type, contacts, phone, membership_card_number as "membershipCardNumber",
            advance_in::float8 as "advanceIn", tax_rate::float8 as "taxRate"
       from partner where tenant_id = $1 and not delete_flag and enabled and ($2::text is null or type = $2)
        and ($3::text is null or name ilike '%' || $3 || '%' or phone like $3 || '%') order by sort nulls last, id limit 500`,
    [tenantId, type, q],
  );

export const personsOfType = (tx: Tx, tenantId: number, type: string) =>
  tx.query(`select id, name, type from person where tenant_id = $1 and type = $2 and enabled and not delete_flag order by sort nulls last, id`, [
    tenantId,
    type,
  ]);

export const accountsForPicker = (tx: Tx, tenantId: number) =>
  tx.query(
    `select id, name, serial_no as "serialNo", current_amount::float8 as "currentAmount", is_default as "isDefault"
       from settlement_account where tenant_id = $1 and enabled and not delete_flag order by is_default desc, sort nulls last, id`,
    [tenantId],
  );

/** The enabled warehouses the user may work in (their data scope, SPEC §6), default first — jshERP's findDepotByCurrentUser. */
export async function depotsOfUser(tx: Tx, s: Session) {
  const scope = await allowedIds(tx, s, 'depot');
  return tx.query(
    `select id, name as "depotName", name, is_default as "isDefault" from depot
      where tenant_id = $1 and enabled and not delete_flag and ($2::bigint[] is null or id = any($2::bigint[]))
      order by is_default desc, sort nulls last, id`,
    [s.tenantId, scope],
  );
}

export const inOutItemsOfType = (tx: Tx, tenantId: number, type: string | null) =>
  tx.query(
    `select id, name, type from in_out_item where tenant_id = $1 and enabled and not delete_flag and ($2::text is null or type = $2) order by sort nulls last, id`,
    [tenantId, type],
  );

type Node = { id: number; title: string; value: number; key: number; parentId: number | null; children?: Node[] };
function tree(rows: Array<{ id: number; name: string; parentId: number | null }>): Node[] {
  const nodes = new Map<number, Node>(rows.map((r) => [r.id, { id: r.id, title: r.name, value: r.id, key: r.id, parentId: r.parentId }]));
  const roots: Node[] = [];
  for (const n of nodes.values()) {
    const parent = n.parentId ? nodes.get(n.parentId) : undefined;
    if (parent) (parent.children ??= []).push(n);
    else roots.push(n);
  }
  return roots;
}

export const categoryTree = async (tx: Tx, tenantId: number) =>
  tree(
    await tx.query(`select id, name, parent_id as "parentId" from material_category where tenant_id = $1 and not delete_flag order by sort nulls last, id`, [
      tenantId,
    ]),
  );

export async function categoryById(tx: Tx, tenantId: number, id: number) {
  const r = await tx.one(
    `select c.id, c.name, c.parent_id as "parentId", p.name as "parentName", c.serial_no as "serialNo", c.sort, c.remark
       from material_category c left join material_category p on p.tenant_id = c.tenant_id and p.id = c.parent_id
      where c.tenant_id = $1 and c.id = $2 and not c.delete_flag`,
    [tenantId, id],
  );
  if (!r) throw notFound('记录不存在或已删除');
  return r;
}

export const attributeNames = (tx: Tx, tenantId: number) =>
  tx.query(`select id as value, attribute_name as name from material_attribute where tenant_id = $1 and not delete_flag order by id`, [tenantId]);

export async function attributeValues(tx: Tx, tenantId: number, id: number) {
  const r = await tx.one<{ v: string }>('select attribute_value as v from material_attribute where tenant_id = $1 and id = $2 and not delete_flag', [
    tenantId,
    id,
  ]);
  if (!r) throw notFound('记录不存在或已删除');
  return r.v.split('|').map((value) => ({ value, name: value }));
}
