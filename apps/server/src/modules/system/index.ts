import type { Database } from '../../platform/db/database.ts';
import type { RouteSpec } from '../../platform/http/route.ts';
import { authRoutes } from './auth.routes.ts';
import { configRoutes } from './config.routes.ts';
import { departRoutes } from './depart.routes.ts';
import { dictRoutes } from './dict.routes.ts';
import { menuRoutes } from './menu.routes.ts';
import { functionRoutes } from './functions/function.routes.ts';
import { pluginRoutes } from './plugins/plugin.routes.ts';
import { casRoutes } from './cas.routes.ts';
import { enhanceRoutes } from './enhance-sandbox.ts';
import { boardRoutes } from './board/board.routes.ts';
import { DICT_TYPES } from './defaults.ts';
import { grantNewMenus } from './tenant-provisioning.ts';
import { flattenMenu } from './menu-catalog.ts';

export const systemRoutes: RouteSpec[] = [
  ...authRoutes,
  ...departRoutes,
  ...menuRoutes,
  ...functionRoutes,
  ...pluginRoutes,
  ...casRoutes,
  ...enhanceRoutes,
  ...boardRoutes,
  ...configRoutes,
  ...dictRoutes,
];

/** Platform defaults a fresh database needs; pay_fee_url is only set when absent. */
const PLATFORM_DEFAULTS: Array<[key: string, value: string, remark: string]> = [
  ['pay_fee_url', '/pay', '续费页面地址'],
  // closed unless the demo is seeded (seed-demo.ts opens it): a production database does not let strangers in
  ['register_flag', '0', '是否开放注册'],
];

/**
 * Upserts the global catalogues (menus, dictionary types, platform defaults) at every start. A menu entry new
 * to this database (a release added it) is granted, with its buttons, to every company's administrator role
 * (租户管理员, made with every menu when the company was made), so existing companies' administrators see a new
 * feature as new companies' do; other roles get it only when an administrator grants it.
 */
export async function syncCatalogue(db: Database): Promise<void> {
  await db.system(async (tx) => {
    const added: number[] = [];
    for (const [i, m] of flattenMenu().entries()) {
      const [row] = await tx.query<{ id: number; inserted: boolean }>(
        `insert into sys_function(number, parent_number, name, english_name, url, component, icon, sort, push_btn, hidden, platform_only)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)
         on conflict (number) do update set parent_number = excluded.parent_number,
           name = case when sys_function.edited then sys_function.name else excluded.name end,
           english_name = case when sys_function.edited then sys_function.english_name else excluded.english_name end,
           url = excluded.url, component = excluded.component, icon = excluded.icon,
           sort = case when sys_function.edited then sys_function.sort else excluded.sort end,
           push_btn = excluded.push_btn, hidden = excluded.hidden, platform_only = excluded.platform_only, custom = false
         where not sys_function.custom
         returning id, xmax = 0 as inserted`,
        [
          m.number,
          m.parentNumber,
          m.name,
          m.englishName,
          m.url,
          m.component ?? null,
          m.icon ?? null,
          String(i).padStart(4, '0'),
          m.pushBtn ?? '',
          m.hidden ?? false,
          m.platformOnly ?? false,
        ],
      );
      if (row?.inserted) added.push(row.id);
    }
    await grantNewMenus(tx, added);
    for (const [i, d] of DICT_TYPES.entries()) {
      await tx.query(
        'insert into dict_type(type, name, sort) values ($1, $2, $3) on conflict (type) do update set name = excluded.name, sort = excluded.sort',
        [d.type, d.name, i],
      );
    }
    for (const [key, value, remark] of PLATFORM_DEFAULTS) {
      await tx.query('insert into platform_config(key, value, remark) values ($1, $2, $3) on conflict (key) do nothing', [key, value, remark]);
    }
  });
}
// for the jshERP import (modules/jsherp/import): a company made the way the platform administrator makes one
export { provisionTenant, createRole, createUser, grantNewMenus } from './tenant-provisioning.ts';
