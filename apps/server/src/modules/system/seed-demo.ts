import type { Database } from '../../platform/db/database.ts';
import { DEFAULT_PASSWORD, md5 } from '../../platform/auth/password.ts';
import { createOrg, createRole, createUser, provisionTenant } from './tenant-provisioning.ts';
import { PLATFORM_ADMIN_ROLE } from './defaults.ts';
import { seedDemoMasterData } from '../master/index.ts';

export const DEMO_SIGN_INS = [
  { loginName: 'admin', description: 'platform administrator (tenants, platform settings)' },
  { loginName: 'jsh', description: 'administrator of 演示公司 (paid); also a warehouse clerk in 试用公司' },
  { loginName: 'jsh_sales', description: 'salesperson of 演示公司: sales, customers, reports only' },
  { loginName: 'trial', description: 'administrator of 试用公司 (trial, expires in 3 days)' },
  { loginName: 'trial_clerk', description: 'warehouse clerk of 试用公司' },
  // made by the supplier portal's demo story, with a password of its own (the portal asks for six characters and a digit)
  { loginName: 'gys_demo', description: 'a supplier of 演示公司 in the supplier portal (password gys123)' },
];

const day = 864e5;

/** Demo companies a newcomer can explore; runs once, on an empty database. */
export async function seedDemo(db: Database): Promise<boolean> {
  return db.system(async (tx) => {
    if (await tx.one('select 1 from tenant limit 1')) return false;
    // the demo lets visitors register a trial company (off by default: SEED_DEMO=false never opens it)
    await tx.query(`update platform_config set value = '1' where key = 'register_flag'`);
    const pw = md5(DEFAULT_PASSWORD);
    await provisionTenant(tx, {
      name: '平台管理',
      type: '1',
      isPlatform: true,
      expireTime: new Date(Date.now() + 100 * 365 * day),
      userLimit: 100,
      adminRole: PLATFORM_ADMIN_ROLE,
      admin: { loginName: 'admin', passwordMd5: pw, username: '平台管理员' },
    });

    const demo = await provisionTenant(tx, {
      name: '演示公司',
      type: '1',
      expireTime: new Date(Date.now() + 365 * day),
      userLimit: 50,
      admin: { loginName: 'jsh', passwordMd5: pw, username: '季圣华' },
    });
    const head = await createOrg(tx, demo.tenantId, '01', '总经办');
    const sales = await createOrg(tx, demo.tenantId, '0101', '销售部', head);
    await createOrg(tx, demo.tenantId, '0102', '仓储部', head);
    await tx.query('insert into user_org(tenant_id, user_id, org_id) values ($1, $2, $3), ($1, $2, $4)', [demo.tenantId, demo.userId, head, sales]);
    await tx.query('update sys_user set current_org_id = $3 where tenant_id = $1 and id = $2', [demo.tenantId, demo.userId, head]);
    const salesRole = await createRole(tx, demo.tenantId, '销售员', { numbers: ['03', '1502', '1301', '1310'], buttons: '1' }, '个人数据');
    await createUser(tx, demo.tenantId, { loginName: 'jsh_sales', passwordMd5: pw, username: '张销售', roleIds: [salesRole], orgIds: [sales] });
    await seedDemoMasterData(tx, demo.tenantId);

    const trial = await provisionTenant(tx, {
      name: '试用公司',
      type: '0',
      expireTime: new Date(Date.now() + 3 * day),
      userLimit: 3,
      admin: { loginName: 'trial', passwordMd5: pw, username: '试用管理员' },
    });
    const store = await createOrg(tx, trial.tenantId, '01', '仓库组');
    const clerk = await createRole(tx, trial.tenantId, '仓管员', { numbers: ['04', '14', '1301'], buttons: '1,3' });
    await createUser(tx, trial.tenantId, { loginName: 'trial_clerk', passwordMd5: pw, username: '李仓管', roleIds: [clerk], orgIds: [store] });
    await createUser(tx, trial.tenantId, { loginName: 'jsh', username: '季圣华', roleIds: [clerk], orgIds: [store] });
    return true;
  });
}
