import { z } from 'zod';
import { defineRoute } from '../../../platform/http/route.ts';
import { logWrite } from '../../../platform/audit.ts';
import { badRequest } from '../../../platform/errors.ts';
import type { Tx } from '../../../platform/db/database.ts';
import type { Session } from '../../../platform/auth/session.ts';
import { bulkGrants, grantsOf, loadRole, planGrants, storeGrants } from './role-grants.ts';
import { idArray, idQuery, idValue } from './schemas.ts';

const tags = ['role'];
const read = { menu: '/system/role' } as const;
const write = { menu: '/system/role', btn: '1' } as const;
const OK = { message: '操作成功' };

const SCOPE = {
  depot: { table: 'depot', extra: '', label: '仓库', field: 'depotIds' },
  customer: { table: 'partner', extra: `and type = '客户'`, label: '客户', field: 'customerIds' },
} as const;

/** Replaces one kind of the role's data scope; every id must be a live row of that kind in the company. */
async function setScope(tx: Tx, s: Session, roleId: number, kind: keyof typeof SCOPE, ids: number[]) {
  const k = SCOPE[kind];
  const found = await tx.query<{ id: number }>(
    `select id from ${k.table} where tenant_id = $1 and id = any($2::bigint[]) and not delete_flag ${k.extra}`,
    [s.tenantId, ids],
  );
  const missing = ids.filter((id) => !found.some((f) => f.id === id));
  if (missing.length) throw badRequest(`参数错误 ${k.field}: ${k.label} ${missing.join(',')} 不存在`);
  await tx.query('delete from role_data_scope where tenant_id = $1 and role_id = $2 and kind = $3', [s.tenantId, roleId, kind]);
  await tx.query(
    `insert into role_data_scope(tenant_id, role_id, kind, target_id) select $1, $2, $3, unnest($4::bigint[])`,
    [s.tenantId, roleId, kind, ids],
  );
}

export const roleRoutes = [
  defineRoute({
    method: 'GET',
    url: '/role/allList',
    summary: 'Enabled roles of the company (pickers of the role and user screens)',
    tags,
    // the user screen picks roles too
    access: { menu: ['/system/role', '/system/user'] },
    handler: ({ tx, session }) =>
      tx.query(
        `select id, name, type, price_masking as "priceMasking", board, sort, description
           from role where tenant_id = $1 and enabled and not delete_flag order by sort nulls last, id`,
        [session.tenantId],
      ),
  }),

  defineRoute({
    method: 'GET',
    url: '/role/getGrants',
    summary: 'Every menu function the company may grant, with the buttons this role holds (btnStr null = not granted)',
    tags,
    access: read,
    query: idQuery,
    handler: async ({ tx, session, query }) => {
      await loadRole(tx, session, query.id);
      return grantsOf(tx, session, query.id);
    },
  }),

  defineRoute({
    method: 'POST',
    url: '/role/setGrants',
    summary: "Replaces the role's menu and button grants; btnStr must be a subset of the function's pushBtn",
    tags,
    access: write,
    body: z.strictObject({
      roleId: idValue,
      grants: z
        .array(
          z.strictObject({
            functionId: idValue,
            btnStr: z.string().trim().max(64).regex(/^(\d+(,\d+)*)?$/, 'btnStr 须为逗号分隔的按钮编号').default(''),
          }),
        )
        .max(2000),
    }),
    handler: async ({ tx, session, body, req }) => {
      await loadRole(tx, session, body.roleId, true);
      const rows = await planGrants(tx, session, body.roleId, body.grants);
      await storeGrants(tx, session, body.roleId, rows);
      await logWrite(tx, session, req.ip, 'setGrants', 'role', [body.roleId], Object.fromEntries(rows));
      return OK;
    },
  }),

  defineRoute({
    method: 'POST',
    url: '/role/setGrantsBulk',
    summary: 'Toggles of the role screen: selectAll, editAll (button 1), auditAll (2), unauditAll (7) on granted functions, clear',
    tags,
    access: write,
    body: z.strictObject({
      roleId: idValue,
      mode: z.enum(['selectAll', 'editAll', 'auditAll', 'unauditAll', 'clear']),
      checked: z.boolean().default(true),
    }),
    handler: async ({ tx, session, body, req }) => {
      await loadRole(tx, session, body.roleId, true);
      await bulkGrants(tx, session, body.roleId, body.mode, body.checked);
      await logWrite(tx, session, req.ip, 'setGrantsBulk', 'role', [body.roleId], { mode: body.mode, checked: body.checked });
      return OK;
    },
  }),

  defineRoute({
    method: 'GET',
    url: '/role/getDataScope',
    summary: 'The warehouses and customers this role may see when the company switches those scopes on',
    tags,
    access: read,
    query: idQuery,
    handler: async ({ tx, session, query }) => {
      await loadRole(tx, session, query.id);
      const rows = await tx.query<{ kind: 'depot' | 'customer'; target_id: number }>(
        'select kind, target_id from role_data_scope where tenant_id = $1 and role_id = $2 order by kind, target_id',
        [session.tenantId, query.id],
      );
      const of = (kind: string) => rows.filter((r) => r.kind === kind).map((r) => r.target_id);
      return { roleId: query.id, depotIds: of('depot'), customerIds: of('customer') };
    },
  }),

  defineRoute({
    method: 'POST',
    url: '/role/setDataScope',
    summary: "Replaces the role's warehouses and/or customers (a list left out stays as it is)",
    tags,
    access: write,
    body: z.strictObject({ roleId: idValue, depotIds: idArray(1000).optional(), customerIds: idArray(1000).optional() }),
    handler: async ({ tx, session, body, req }) => {
      await loadRole(tx, session, body.roleId, true);
      if (body.depotIds) await setScope(tx, session, body.roleId, 'depot', body.depotIds);
      if (body.customerIds) await setScope(tx, session, body.roleId, 'customer', body.customerIds);
      await logWrite(tx, session, req.ip, 'setDataScope', 'role', [body.roleId], { depotIds: body.depotIds, customerIds: body.customerIds });
      return OK;
    },
  }),
];
