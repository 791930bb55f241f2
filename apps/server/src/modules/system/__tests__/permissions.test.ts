import { describe, expect, it } from 'vitest';
import { login, testApp } from '../../../test-support/harness.ts';

type Entry = { url: string; text: string; englishName: string; hidden: boolean; children?: Entry[] };
const urls = (tree: Entry[]): string[] => tree.flatMap((e) => [e.url, ...urls(e.children ?? [])]);

describe('menus from permissions (SPEC §6)', async () => {
  const { app } = await testApp();
  const menu = async (name: string) => {
    const s = await login(app, name);
    const r = await s.api.post('/function/findMenuByPNumber', { pNumber: '0', userId: s.data.user.id });
    expect(r.body.code).toBe(200);
    return { tree: r.body.data as Entry[], s };
  };

  it('gives the tenant admin every company menu but no platform menu', async () => {
    const { tree, s } = await menu('jsh');
    const all = urls(tree);
    expect(all).toContain('/system/role');
    expect(all).toContain('/bill/purchase_order');
    expect(all).not.toContain('/system/tenant');
    expect(tree[0]).toMatchObject({ text: '零售管理', englishName: 'Retail' });
    expect(s.data.permissions).toContain('/system/role');
  });

  it('gives a salesperson only what the role grants', async () => {
    const { tree, s } = await menu('jsh_sales');
    const all = urls(tree);
    expect(all).toContain('/bill/sale_order');
    expect(all).toContain('/system/customer');
    expect(all).not.toContain('/system/role');
    expect(all).not.toContain('/bill/purchase_order');
    expect(s.data.userBtn).toContainEqual({ url: '/bill/sale_order', btnStr: '1' });
  });

  it('gives the platform admin (role admin) *:*:* and the platform menus', async () => {
    const { tree, s } = await menu('admin');
    expect(urls(tree)).toContain('/system/tenant');
    expect(s.data.permissions).toEqual(['*:*:*']);
  });

  it('returns a sub-tree for a pNumber and refuses another user’s id', async () => {
    const s = await login(app, 'jsh');
    const sub = (await s.api.post('/function/findMenuByPNumber', { pNumber: '16' })).body.data as Entry[];
    expect(sub.map((e) => e.url)).toContain('/system/user');
    expect((await s.api.post('/function/findMenuByPNumber', { pNumber: '0', userId: 999999 })).status).toBe(403);
    expect((await s.api.post('/function/findMenuByPNumber', { pNumber: "0' or 1=1" })).status).toBe(400);
  });

  it('marks the gantt screen hidden from the side menu', async () => {
    const { tree } = await menu('jsh');
    const gantt = tree.flatMap((e) => e.children ?? []).find((e) => e.url === '/productionManagement/scheduleProduction');
    expect(gantt?.hidden).toBe(true);
  });
});

describe('server-side checks of function and button permissions', async () => {
  const { app, db } = await testApp();

  it('refuses a write without the menu grant with 403 and changes nothing', async () => {
    const sales = await login(app, 'jsh_sales');
    const r = await sales.api.put('/systemConfig/update', { companyName: 'hijacked' });
    expect(r.status).toBe(403);
    const cfg = (await sales.api.get('/systemConfig/getCurrentInfo')).body.data;
    expect(cfg.companyName).toBe('演示公司');
  });

  it('refuses a write without the button grant', async () => {
    const jsh = await login(app, 'jsh');
    const tenantId = jsh.data.user.tenantId;
    await db.system((tx) =>
      tx.query(
        `update role_function set btn_str = '' where tenant_id = $1 and function_id = (select id from sys_function where url = '/system/system_config')`,
        [tenantId],
      ),
    );
    try {
      const again = await login(app, 'jsh');
      expect((await again.api.put('/systemConfig/update', { companyName: 'x' })).status).toBe(403);
    } finally {
      await db.system((tx) =>
        tx.query(
          `update role_function set btn_str = '1' where tenant_id = $1 and function_id = (select id from sys_function where url = '/system/system_config')`,
          [tenantId],
        ),
      );
    }
  });

  it('keeps platform settings to the platform admin', async () => {
    const jsh = await login(app, 'jsh');
    expect((await jsh.api.put('/platformConfig/update', { platformKey: 'pay_fee_url', platformValue: 'http://evil' })).status).toBe(403);
    const admin = await login(app, 'admin');
    const ok = await admin.api.put('/platformConfig/update', { platformKey: 'pay_fee_url', platformValue: '/pay' });
    expect(ok.body).toEqual({ code: 200, data: { platformKey: 'pay_fee_url', platformValue: '/pay' } });
  });
});

describe('seeded roles', async () => {
  const { db } = await testApp();
  it('grant only buttons that each screen offers', async () => {
    const bad = await db.system((tx) =>
      tx.query(
        `select f.url, rf.btn_str from role_function rf join sys_function f on f.id = rf.function_id
          where rf.btn_str <> '' and exists (select 1 from unnest(string_to_array(rf.btn_str, ',')) b where not b = any(string_to_array(f.push_btn, ',')))`,
      ),
    );
    expect(bad).toEqual([]);
  });
});
