import type { Tx } from '../../platform/db/database.ts';
import type { Session } from '../../platform/auth/session.ts';
import { forbidden } from '../../platform/errors.ts';

interface MenuRow {
  id: number;
  number: string;
  parentNumber: string;
  text: string;
  englishName: string;
  url: string;
  component: string | null;
  icon: string | null;
  pushBtn: string;
  route: boolean;
  hidden: boolean;
}
export interface MenuEntry extends Omit<MenuRow, 'parentNumber' | 'route'> {
  route: string;
  alwaysShow: boolean;
  children?: MenuEntry[];
}

/** The menu tree below pNumber that this user may see (SPEC §6); only one's own menu may be asked for. */
export async function menuTree(tx: Tx, session: Session, body: { pNumber: string; userId?: number }) {
  if (body.userId !== undefined && body.userId !== session.userId) throw forbidden('只能查询自己的菜单');
  const rows = await tx.query<MenuRow>(
    `select f.id, f.number, f.parent_number as "parentNumber", f.name as text, f.english_name as "englishName",
            f.url, f.component, f.icon, f.push_btn as "pushBtn", f.route, f.hidden
       from sys_function f
      where f.enabled and ($1 or not f.platform_only)
        and ($2 or exists (select 1 from user_role ur join role_function rf
                             on rf.tenant_id = ur.tenant_id and rf.role_id = ur.role_id
                             join role r on r.tenant_id = ur.tenant_id and r.id = ur.role_id and r.enabled and not r.delete_flag
                            where ur.tenant_id = $4 and ur.user_id = $3 and rf.function_id = f.id))
      order by f.sort, f.number`,
    [session.platformTenant, session.admin, session.userId, session.tenantId],
  );
  const byParent = new Map<string, MenuRow[]>();
  // entries of a plugin the company switched off (or hidden) leave the tree
  for (const r of rows) if (!session.blocked?.has(r.url)) byParent.set(r.parentNumber, [...(byParent.get(r.parentNumber) ?? []), r]);
  const build = (parent: string): MenuEntry[] =>
    (byParent.get(parent) ?? []).map(({ parentNumber: _p, route, ...r }) => {
      const children = build(r.number);
      return { ...r, route: route ? '1' : '0', alwaysShow: children.length > 0, ...(children.length ? { children } : {}) };
    });
  return build(body.pNumber);
}
