import { describe, expect, it } from 'vitest';
import { client, login, newTenant, testApp, uniqueName } from '../../../test-support/harness.ts';
import { line, save, saved, world, detail } from '../../inventory/__tests__/fixtures.ts';

type Entry = { number: string; url: string; children?: Entry[] };
const flat = (es: Entry[]): Entry[] => es.flatMap((e) => [e, ...flat(e.children ?? [])]);

/** Issue 24's system screens on the entity kit (groups, contacts, position status, reservoir areas) and plugins. */
describe('system screens', async () => {
  const { app } = await testApp();

  it('keeps groups, contacts and position statuses with their rules', async () => {
    const t = await newTenant(app, 'scr');
    const g = await t.api.post('/sysGroup/add', { name: '华东客户', type: 'customer', code: 'G1' });
    expect(g.body.code, g.text).toBe(200);
    // a name is unique within its type, not across types
    expect((await t.api.post('/sysGroup/add', { name: '华东客户', type: 'customer' })).body.data.message).toBe('分组名称已存在');
    expect((await t.api.post('/sysGroup/add', { name: '华东客户', type: 'user' })).body.code).toBe(200);
    expect((await t.api.post('/sysGroup/add', { name: 'x', type: 'planet' })).body.code).toBe(400);
    const groups = (await t.api.get('/sysGroup/list?currentPage=1&pageSize=10')).body.data;
    expect(groups.total).toBe(2);

    const customer = (await t.api.post('/supplier/add', { name: '客户甲', type: '客户' })).body.data.id as number;
    const c = await t.api.post('/contact/add', { name: '王经理', supplierId: customer, phone: '13800138000', email: 'wang@example.com', isPrimary: true });
    expect(c.body.code, c.text).toBe(200);
    const bad = await t.api.post('/contact/add', { name: '李', supplierId: customer, phone: '12345' });
    expect(bad.body).toMatchObject({ code: 400, data: { message: expect.stringContaining('请输入正确的手机号码') } });
    expect((await t.api.post('/contact/add', { name: '李', supplierId: customer, email: 'nope' })).body.data.message).toContain('请输入正确的邮箱地址');
    expect((await t.api.post('/contact/add', { name: '王经理', supplierId: customer })).body.data.message).toBe('该往来单位已有同名联系人');
    const contacts = (await t.api.get(`/contact/list?currentPage=1&pageSize=10&search=${encodeURIComponent(JSON.stringify({ supplierId: customer }))}`)).body
      .data;
    expect(contacts.rows).toHaveLength(1);
    expect(contacts.rows[0]).toMatchObject({ name: '王经理', phone: '13800138000', isPrimary: true });

    expect((await t.api.post('/positionStatus/add', { name: '在岗', code: 'ON', available: true })).body.code).toBe(200);
    expect((await t.api.post('/positionStatus/add', { name: '在岗' })).body.data.message).toBe('岗位状态名称已存在');
    // SPEC §5: the position name cannot be empty
    expect((await t.api.post('/post/add', { name: '' })).body).toMatchObject({ code: 400, data: { message: expect.stringContaining('岗位名称不能为空') } });
    expect((await t.api.post('/post/add', { name: '   ' })).body.data.message).toContain('岗位名称不能为空');

    // another company sees none of them
    const other = await newTenant(app, 'scr');
    expect((await other.api.get('/sysGroup/list?currentPage=1&pageSize=10')).body.data.total).toBe(0);
    expect((await other.api.get('/contact/list?currentPage=1&pageSize=10')).body.data.total).toBe(0);
  });

  it('stores the reservoir area chosen on an inbound line when the switch is on, and checks it', async () => {
    const t = await newTenant(app, 'res');
    const w = await world(t.api);
    await w.material('螺丝', 'RS-1');
    const area = await t.api.post('/reservoirArea/add', { name: 'A区', depotId: w.depotA, type: 'area', code: uniqueName('A') });
    expect(area.body.code, area.text).toBe(200);
    const areaA = area.body.data.id as number;
    const areaB = (await t.api.post('/reservoirArea/add', { name: 'A区', depotId: w.depotB, type: 'bin' })).body.data.id as number;
    expect((await t.api.post('/reservoirArea/add', { name: 'A区', depotId: w.depotA, type: 'bin' })).body.data.message).toBe('该仓库已有同名库区');

    const inbound = (rows: object[]) => save(t.api, '入库', '采购', rows, { organId: w.supplier });
    // switch off: a line may not name an area
    expect((await inbound([line('RS-1', 5, 2, w.depotA, { reservoirAreaId: areaA })])).body.data.message).toBe('未启用库区管理，不能指定库区');
    expect((await t.api.put('/systemConfig/update', { reservoirAreaFlag: true })).body.code).toBe(200);
    expect((await t.api.get('/systemConfig/getCurrentInfo')).body.data.reservoirAreaFlag).toBe(true);
    // the area must be of the line's warehouse
    expect((await inbound([line('RS-1', 5, 2, w.depotA, { reservoirAreaId: areaB })])).body.data.message).toBe('第1行：库区不属于所选仓库');
    expect((await inbound([line('RS-1', 5, 2, w.depotA, { reservoirAreaId: 99999999 })])).body.data.message).toBe('第1行：库区不存在或已禁用');
    const doc = await saved(t.api, '入库', '采购', [line('RS-1', 5, 2, w.depotA, { reservoirAreaId: areaA }), line('RS-1', 1, 2, w.depotB)], {
      organId: w.supplier,
    });
    const d = await detail(t.api, doc.number);
    const rows = (d.rows ?? d.lines ?? d.items) as Array<{ reservoirAreaId: number | null; reservoirAreaName: string | null }>;
    expect(rows.map((r) => [r.reservoirAreaId, r.reservoirAreaName])).toEqual([
      [areaA, 'A区'],
      [null, null],
    ]);
    // an outbound line takes from the area it names (modules/inventory/__tests__/reservoir-stock.test.ts)
    const out = await save(t.api, '出库', '销售', [line('RS-1', 1, 3, w.depotA, { reservoirAreaId: areaA })], { organId: w.customer });
    expect(out.body.code).toBe(200);
    // a disabled area is refused
    expect((await t.api.post('/reservoirArea/batchSetStatus', { status: false, ids: String(areaA) })).body.code).toBe(200);
    expect((await inbound([line('RS-1', 5, 2, w.depotA, { reservoirAreaId: areaA })])).body.data.message).toBe('第1行：库区不存在或已禁用');
  });

  it('switches a plugin off for one company: its menus leave the tree and its routes answer 403', async () => {
    const t = await newTenant(app, 'plg');
    const other = await newTenant(app, 'plg');
    const list = (await t.api.get('/plugin/list')).body.data.rows as Array<{ code: string; enabled: boolean; menus: number }>;
    expect(list.find((p) => p.code === 'crm')).toMatchObject({ enabled: true });
    expect(list.find((p) => p.code === 'crm')!.menus).toBeGreaterThan(1);
    const menuUrls = async (c: typeof t) => flat((await c.api.post('/function/findMenuByPNumber', { pNumber: '0' })).body.data).map((e) => e.url);
    expect(await menuUrls(t)).toContain('/crm/customer_archive');
    expect((await t.api.get('/crm/customer/list?currentPage=1&pageSize=10')).status).toBe(200);

    expect((await t.api.post('/plugin/setStatus', { code: 'crm', enabled: false })).body.data.message).toBe('插件已停用');
    expect((await t.api.get('/plugin/list')).body.data.rows.find((p: { code: string }) => p.code === 'crm').enabled).toBe(false);
    const urls = await menuUrls(t);
    expect(urls.filter((u) => u.startsWith('/crm'))).toEqual([]);
    expect(urls).toContain('/system/plugin');
    expect((await t.api.get('/crm/customer/list?currentPage=1&pageSize=10')).status).toBe(403);
    // the other company keeps it
    expect((await other.api.get('/crm/customer/list?currentPage=1&pageSize=10')).status).toBe(200);
    expect(await menuUrls(other)).toContain('/crm/customer_archive');

    expect((await t.api.post('/plugin/setStatus', { code: 'crm', enabled: true })).body.data.message).toBe('插件已启用');
    expect((await t.api.get('/crm/customer/list?currentPage=1&pageSize=10')).status).toBe(200);
    expect((await t.api.post('/plugin/setStatus', { code: 'nosuch', enabled: false })).body.code).toBe(404);
    expect((await t.api.post('/plugin/setStatus', { code: 'CRM!', enabled: false })).body.code).toBe(400);
    // a user without the plugin screen may not switch plugins
    const jsh = await login(app, 'jsh');
    expect(jsh.token).toBeTruthy();
    expect((await client(app).post('/plugin/setStatus', { code: 'crm', enabled: false })).status).toBe(401);
  });

  it('keeps the custom enhancement script per company and serves the sandbox it runs in (browser only)', async () => {
    const t = await newTenant(app, 'enh');
    const code = "api.notify('你好 ' + ctx.loginName)";
    expect((await t.api.put('/systemConfig/update', { userEnhanceJs: code })).body.code).toBe(200);
    expect((await t.api.get('/systemConfig/getCurrentInfo')).body.data.userEnhanceJs).toBe(code);
    expect((await t.api.put('/systemConfig/update', { userEnhanceJs: 'x'.repeat(20001) })).body.data.message).toContain('增强脚本不能超过20000个字符');
    const other = await newTenant(app, 'enh');
    expect((await other.api.get('/systemConfig/getCurrentInfo')).body.data.userEnhanceJs).toBeNull();
    const frame = await client(app).get('/enhance/sandbox');
    expect(frame.status).toBe(200);
    expect(String(frame.headers['content-type'])).toContain('text/html');
    const csp = String(frame.headers['content-security-policy']);
    // an opaque origin (no token, no storage), no network, only its own script and the company's code
    expect(csp).toMatch(/^sandbox allow-scripts;/);
    expect(csp).not.toContain('allow-same-origin');
    expect(csp).toContain("default-src 'none'");
    const nonce = /'nonce-([^']+)'/.exec(csp)![1];
    expect(frame.text).toContain(`<script nonce="${nonce}">`);
    expect(frame.text).toContain("new Function('ctx', 'api', d.code)");
    // the company's code is never in the frame the server sends: the page posts it in
    expect(frame.text).not.toContain('你好');
  });
});
