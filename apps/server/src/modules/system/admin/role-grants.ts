import type { Tx } from '../../../platform/db/database.ts';
import type { Session } from '../../../platform/auth/session.ts';
import { badRequest, notFound } from '../../../platform/errors.ts';
import { BTN } from '../menu-catalog.ts';

/** A role of the session's company, locked for the rest of the request when it is about to change. */
export async function loadRole(tx: Tx, s: Session, id: number, lock = false) {
  const role = await tx.one<{ id: number; name: string }>(
    `select id, name from role where tenant_id = $1 and id = $2 and not delete_flag ${lock ? 'for update' : ''}`,
    [s.tenantId, id],
  );
  if (!role) throw notFound('角色不存在或已删除');
  return role;
}

interface Fn {
  functionId: number;
  number: string;
  parentNumber: string;
  url: string;
  text: string;
  pushBtn: string;
  btnStr: string | null;
}

/**
 * Every menu function the company may grant (platform-only ones only in the platform company),
 * with what the role holds: btnStr null = not granted, '' = the menu without buttons.
 */
export async function grantsOf(tx: Tx, s: Session, roleId: number): Promise<Fn[]> {
  return tx.query<Fn>(
    `select f.id as "functionId", f.number, f.parent_number as "parentNumber", f.url, f.name as text,
            f.push_btn as "pushBtn", rf.btn_str as "btnStr"
       from sys_function f
       left join role_function rf on rf.tenant_id = $1 and rf.role_id = $2 and rf.function_id = f.id
      where f.enabled and ($3 or not f.platform_only)
      order by f.number`,
    [s.tenantId, roleId, s.platformTenant],
  );
}

const split = (s: string) => s.split(',').filter(Boolean);

/**
 * Checks the requested grants against the catalogue and returns the rows to store: buttons in
 * the catalogue's order, plus every ancestor of a granted menu (the menu tree is walked from the
 * top, so a screen whose area is not granted would never show).
 */
export async function planGrants(tx: Tx, s: Session, roleId: number, grants: Array<{ functionId: number; btnStr: string }>) {
  const catalogue = await grantsOf(tx, s, roleId);
  const byId = new Map(catalogue.map((f) => [f.functionId, f]));
  const byNumber = new Map(catalogue.map((f) => [f.number, f]));
  const out = new Map<number, string>();
  const seen = new Set<number>();
  grants.forEach((g, i) => {
    const fn = byId.get(g.functionId);
    if (!fn) throw badRequest(`参数错误 grants.${i}.functionId: 功能 ${g.functionId} 不存在或不可授权`);
    if (seen.has(g.functionId)) throw badRequest(`参数错误 grants.${i}.functionId: 功能 ${g.functionId} 重复`);
    seen.add(g.functionId);
    const offered = split(fn.pushBtn);
    const wanted = new Set(split(g.btnStr));
    const extra = [...wanted].filter((b) => !offered.includes(b));
    if (extra.length) throw badRequest(`参数错误 grants.${i}.btnStr: ${fn.text} 不提供按钮 ${extra.join(',')}（可选: ${fn.pushBtn || '无'}）`);
    out.set(fn.functionId, offered.filter((b) => wanted.has(b)).join(','));
  });
  for (const id of [...out.keys()]) {
    for (let p = byNumber.get(byId.get(id)!.parentNumber); p; p = byNumber.get(p.parentNumber)) {
      if (!out.has(p.functionId)) out.set(p.functionId, '');
    }
  }
  return out;
}

/** Replaces the role's grants with `rows` (function id → buttons). */
export async function storeGrants(tx: Tx, s: Session, roleId: number, rows: Map<number, string>) {
  await tx.query('delete from role_function where tenant_id = $1 and role_id = $2', [s.tenantId, roleId]);
  if (!rows.size) return;
  await tx.query(
    `insert into role_function(tenant_id, role_id, function_id, btn_str)
     select $1, $2, g.f, g.b from unnest($3::bigint[], $4::text[]) as g(f, b)`,
    [s.tenantId, roleId, [...rows.keys()], [...rows.values()]],
  );
}

export type BulkMode = 'selectAll' | 'editAll' | 'auditAll' | 'unauditAll' | 'clear';
const COLUMN: Record<'editAll' | 'auditAll' | 'unauditAll', string> = { editAll: BTN.edit, auditAll: BTN.audit, unauditAll: BTN.unaudit };

/**
 * The role screen's toggles (SPEC §6). selectAll grants every function with all its buttons;
 * editAll / auditAll / unauditAll switch one button column on (or off with checked=false) for
 * the functions already granted that offer it; clear (or selectAll unchecked) removes every grant.
 */
export async function bulkGrants(tx: Tx, s: Session, roleId: number, mode: BulkMode, checked: boolean) {
  if (mode === 'clear' || (mode === 'selectAll' && !checked)) return storeGrants(tx, s, roleId, new Map());
  if (mode === 'selectAll') {
    const all = await grantsOf(tx, s, roleId);
    return storeGrants(tx, s, roleId, new Map(all.map((f) => [f.functionId, f.pushBtn])));
  }
  // the button column is recomputed in the catalogue's order, with the one button switched
  await tx.query(
    `update role_function rf
        set btn_str = array_to_string(array(
              select p.b from unnest(string_to_array(f.push_btn, ',')) with ordinality as p(b, o)
               where case when p.b = $3 then $4 else p.b = any(string_to_array(rf.btn_str, ',')) end
               order by p.o), ',')
       from sys_function f
      where rf.tenant_id = $1 and rf.role_id = $2 and f.id = rf.function_id
        and f.enabled and ($5 or not f.platform_only) and $3 = any(string_to_array(f.push_btn, ','))`,
    [s.tenantId, roleId, COLUMN[mode], checked, s.platformTenant],
  );
}
