import { describe, expect, it } from 'vitest';
import { login, newTenant, testApp } from '../../../test-support/harness.ts';

describe('partners: suppliers, customers and members in one model', async () => {
  const { app } = await testApp();
  const t = await newTenant(app, 'partner');
  const api = t.api;

  it('allows one name as a supplier and as a customer, but not twice as the same type', async () => {
    expect((await api.post('/supplier/add', { name: '华东贸易', type: '供应商', phone: '13812345678' })).body.code).toBe(200);
    expect((await api.post('/supplier/add', { name: '华东贸易', type: '客户', grade: 'A', industry: 'trade' })).body.code).toBe(200);
    expect((await api.post('/supplier/add', { name: '华东贸易', type: '客户' })).body).toEqual({ code: 500, data: { message: '名称已存在' } });
    expect((await api.get('/supplier/checkIsNameAndTypeExist?name=华东贸易&type=会员')).body.data).toEqual({ status: false });
    expect((await api.get('/supplier/checkIsNameAndTypeExist?name=华东贸易&type=客户')).body.data).toEqual({ status: true });
    const cus = (await api.get('/supplier/findBySelect_cus')).body.data;
    expect(cus.map((c: { supplier: string }) => c.supplier)).toEqual(['华东贸易']);
    // changing the type onto a taken name+type is refused too
    const supId = (await api.get('/supplier/findBySelect_sup')).body.data[0].id;
    expect((await api.put('/supplier/update', { id: supId, type: '客户' })).body.data.message).toBe('名称已存在');
  });

  it('checks the phone rule, dictionary values and the read-only advance', async () => {
    expect((await api.post('/supplier/add', { name: '手机错', type: '客户', phone: '12345678901' })).body.data.message).toMatch('请输入正确的手机号码');
    expect((await api.post('/supplier/add', { name: '字典错', type: '客户', grade: 'Z' })).status).toBe(400);
    expect((await api.post('/supplier/add', { name: '预付', type: '会员', advanceIn: 100 })).status).toBe(400);
  });

  it('lets a salesperson with the customer menu use the partner list', async () => {
    const sales = await login(app, 'jsh_sales');
    expect((await sales.api.get('/supplier/list')).status).toBe(200);
    expect((await sales.api.post('/supplier/add', { name: uniqueCustomer(), type: '客户' })).body.code).toBe(200);
  });
});

const uniqueCustomer = () => `客户${Math.random().toString(36).slice(2, 8)}`;

describe('units with sub-units', async () => {
  const { app } = await testApp();
  const t = await newTenant(app, 'unit');

  it('accepts a base unit with up to three sub-units and ratios', async () => {
    const r = await t.api.post('/unit/add', { name: '个/盒/箱', basicUnit: '个', otherUnit: '盒', ratio: 10, otherUnitTwo: '箱', ratioTwo: '120' });
    expect(r.body.code).toBe(200);
    expect((await t.api.get(`/unit/info?id=${r.body.data.id}`)).body.data).toMatchObject({ ratio: 10, ratioTwo: 120, otherUnitThree: null });
  });

  it('refuses a sub-unit without a positive ratio, also on update', async () => {
    expect((await t.api.post('/unit/add', { name: '坏', basicUnit: '个', otherUnit: '箱' })).body.data.message).toBe('副单位和比例须同时填写');
    expect((await t.api.post('/unit/add', { name: '零', basicUnit: '个', otherUnit: '箱', ratio: 0 })).body.data.message).toBe('比例必须大于0');
    const id = (await t.api.post('/unit/add', { name: '斤', basicUnit: '斤' })).body.data.id;
    expect((await t.api.put('/unit/update', { id, ratio: 2 })).body.data.message).toBe('副单位和比例须同时填写');
  });
});

describe('pickers and trees (SPEC §7.6)', async () => {
  const { app } = await testApp();
  const t = await newTenant(app, 'pick');
  const api = t.api;

  it('serves persons by type, accounts default first, in/out items by type', async () => {
    await api.post('/person/add', { name: '甲', type: '业务员' });
    await api.post('/person/add', { name: '乙', type: '财务员' });
    expect((await api.get('/person/getPersonByType?type=业务员')).body.data.map((p: { name: string }) => p.name)).toEqual(['甲']);
    expect((await api.get('/person/getPersonByNumType?type=3')).body.data.map((p: { name: string }) => p.name)).toEqual(['乙']);
    await api.post('/account/add', { name: '现金' });
    await api.post('/account/add', { name: '银行', isDefault: true });
    expect((await api.get('/account/getAccount')).body.data.map((a: { name: string }) => a.name)).toEqual(['银行', '现金']);
    await api.post('/inOutItem/add', { name: '房租', type: '支出' });
    expect((await api.get('/inOutItem/findBySelect?type=out')).body.data.map((a: { name: string }) => a.name)).toEqual(['房租']);
    expect((await api.get('/person/getPersonByType?type=厨师')).status).toBe(400);
  });

  it('builds the category tree and attribute value lists', async () => {
    const root = (await api.post('/materialCategory/add', { name: '服装' })).body.data.id;
    await api.post('/materialCategory/add', { name: '上衣', parentId: root });
    const tree = (await api.get('/materialCategory/getMaterialCategoryTree')).body.data;
    expect(tree).toMatchObject([{ title: '服装', children: [{ title: '上衣' }] }]);
    const attr = (await api.post('/materialAttribute/add', { attributeName: '尺码', attributeValue: 'S|M|L' })).body.data.id;
    expect((await api.get(`/materialAttribute/getValueListById?id=${attr}`)).body.data.map((v: { value: string }) => v.value)).toEqual(['S', 'M', 'L']);
    expect((await api.post('/materialAttribute/add', { attributeName: '颜色', attributeValue: '红||蓝' })).status).toBe(400);
  });

  it('shows another company nothing', async () => {
    const other = await newTenant(app, 'pick2');
    expect((await other.api.get('/account/getAccount')).body.data).toEqual([]);
    expect((await other.api.get('/materialCategory/getMaterialCategoryTree')).body.data).toEqual([]);
  });
});

describe('demo company master data', async () => {
  const { app, db } = await testApp();
  it('gives the demo company warehouses, accounts and partners to explore', async () => {
    const jsh = await login(app, 'jsh');
    const depots = (await jsh.api.get('/depot/list')).body.data.rows;
    expect(depots.map((d: { name: string }) => d.name)).toEqual(['总仓', '杭州分仓']);
    expect(depots[0]).toMatchObject({ isDefault: true, principalName: '王仓管' });
    // balances: the initial amounts plus what the demo's trading moved through the journal
    const sums = (await jsh.api.get('/account/list')).body.data.sums;
    expect(sums.initialAmount).toBe(105000);
    const moved = await db.system((tx) =>
      tx.one<{ m: string }>(
        `select coalesce(sum(b.debit - b.credit), 0) m from fin_balance b join fin_account a on a.tenant_id = b.tenant_id and a.id = b.account_id
          where b.tenant_id = $1 and a.settlement_account_id is not null`,
        [jsh.data.user.tenantId],
      ),
    );
    expect(sums.currentAmount).toBeCloseTo(105000 + Number(moved!.m), 6);
  });
});
