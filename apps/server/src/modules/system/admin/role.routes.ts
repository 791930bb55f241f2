import { z } from 'zod';
import { defineRoute } from '../../../platform/http/route.ts';
import { enabledRoles, roleDataScope, roleGrants, setRoleDataScope, setRoleGrants, setRoleGrantsBulk } from './role.service.ts';
import { idArray, idQuery, idValue } from './schemas.ts';

const tags = ['role'];
const read = { menu: '/system/role' } as const;
const write = { menu: '/system/role', btn: '1' } as const;

export const roleRoutes = [
  defineRoute({
    method: 'GET',
    url: '/role/allList',
    summary: 'Enabled roles of the company (pickers of the role and user screens)',
    tags,
    // the user screen picks roles too
    access: { menu: ['/system/role', '/system/user'] },
    handler: ({ tx, session }) => enabledRoles(tx, session.tenantId),
  }),

  defineRoute({
    method: 'GET',
    url: '/role/getGrants',
    summary: 'Every menu function the company may grant, with the buttons this role holds (btnStr null = not granted)',
    tags,
    access: read,
    query: idQuery,
    handler: ({ tx, session, query }) => roleGrants(tx, session, query.id),
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
            btnStr: z
              .string()
              .trim()
              .max(64)
              .regex(/^(\d+(,\d+)*)?$/, 'btnStr 须为逗号分隔的按钮编号')
              .default(''),
          }),
        )
        .max(2000),
    }),
    handler: ({ tx, session, body, req }) => setRoleGrants({ tx, session, ip: req.ip }, body),
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
    handler: ({ tx, session, body, req }) => setRoleGrantsBulk({ tx, session, ip: req.ip }, body),
  }),

  defineRoute({
    method: 'GET',
    url: '/role/getDataScope',
    summary: 'The warehouses and customers this role may see when the company switches those scopes on',
    tags,
    access: read,
    query: idQuery,
    handler: ({ tx, session, query }) => roleDataScope(tx, session, query.id),
  }),

  defineRoute({
    method: 'POST',
    url: '/role/setDataScope',
    summary: "Replaces the role's warehouses and/or customers (a list left out stays as it is)",
    tags,
    access: write,
    body: z.strictObject({ roleId: idValue, depotIds: idArray(1000).optional(), customerIds: idArray(1000).optional() }),
    handler: ({ tx, session, body, req }) => setRoleDataScope({ tx, session, ip: req.ip }, body),
  }),
];
