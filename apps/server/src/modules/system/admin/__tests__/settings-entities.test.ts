import { describe, expect, it } from 'vitest';
import { ENTITIES } from '@erp/entities';
import { CUSTOMIZABLE } from '@erp/entities';
import { newTenant, testApp } from '../../../../test-support/harness.ts';
import { SETTINGS_MSG } from '../settings-rules.ts';

type Case = {
  entity: string;
  nameKey: string;
  body: Record<string, unknown>;
  other: Record<string, unknown>;
  patch: Record<string, unknown>;
  bad: Record<string, unknown>;
  status: boolean;
};

const CASES: Case[] = [
  {
    entity: 'barcodeRule',
    nameKey: 'name',
    body: { name: '商品条码', prefix: '69', numberLength: 6, nextNumber: 1 },
    other: { name: '箱码', numberLength: 8, nextNumber: 100 },
    patch: { prefix: '70' },
    bad: { name: '零长度', numberLength: 0, nextNumber: 1 },
    status: true,
  },
  {
    entity: 'serialRule',
    nameKey: 'name',
    body: { name: '销售单号', code: 'XS', prefix: 'XS', dateFormat: 'yyyyMMdd', numberLength: 4, nextNumber: 1 },
    other: { name: '采购单号', code: 'CG', dateFormat: 'none', numberLength: 6, nextNumber: 1 },
    patch: { dateFormat: 'yyyyMM' },
    bad: { name: '坏格式', code: 'BAD', dateFormat: 'yyyy', numberLength: 4, nextNumber: 1 },
    status: true,
  },
  {
    entity: 'customField',
    nameKey: 'label',
    body: { entity: 'material', label: '产地', fieldType: 'text', required: true, sort: '1' },
    other: { entity: 'material', label: '等级', fieldType: 'select', options: '一等品,二等品' },
    patch: { fieldType: 'number' },
    bad: { entity: 'sys_user', label: '越权', fieldType: 'text' },
    status: true,
  },
  {
    entity: 'documentType',
    nameKey: 'name',
    body: { name: '采购入库', code: 'CGRK', direction: '入库' },
    other: { name: '领料出库', code: 'LLCK', direction: '出库' },
    patch: { remark: '常用' },
    bad: { name: '方向错', code: 'X', direction: '上架' },
    status: true,
  },
  {
    entity: 'reminderSetting',
    nameKey: 'name',
    body: { name: '库存不足', kind: 'stockWarning', threshold: 10 },
    other: { name: '临期提醒', kind: 'expiry', threshold: 30 },
    patch: { threshold: 5.5 },
    bad: { name: '坏接收人', kind: 'arrears', recipients: 'a,b' },
    status: true,
  },
  {
    entity: 'accountPeriod',
    nameKey: 'period',
    body: { period: '2026-01' },
    other: { period: '2026-02' },
    patch: { remark: '一月' },
    bad: { period: '2026-13' },
    status: false,
  },
  {
    entity: 'dictData',
    nameKey: 'value',
    body: { dictType: 'customer_grade', label: 'D级', value: 'D', sort: 4 },
    other: { dictType: 'customer_grade', label: 'E级', value: 'E' },
    patch: { label: 'D 级' },
    bad: { dictType: 'customer_grade', label: '', value: 'F' },
    status: true,
  },
];

describe('administration settings: the generic calls', async () => {
  const { app } = await testApp();
  const t = await newTenant(app, 'set');
  const x = await newTenant(app, 'setx');

  it('covers every new entity of the registry', () => {
    for (const c of CASES) expect(ENTITIES[c.entity], c.entity).toBeDefined();
    // the custom-field entity list is the registry's master entities
    const masters = Object.values(ENTITIES)
      .filter((e) => e.kind === 'master')
      .map((e) => e.name)
      .sort();
    expect(CUSTOMIZABLE.map((e) => e.name).sort()).toEqual(masters);
  });

  it.each(CASES.map((c) => [c.entity, c] as const))('%s: add, list, info, update, name exists, status, delete', async (_n, c) => {
    const base = `/${c.entity}`;
    // dictionaries come with the company's default items
    const before = (await t.api.get(`${base}/list`)).body.data.total as number;
    const add = await t.api.post(`${base}/add`, c.body);
    expect(add.body, add.text).toMatchObject({ code: 200, data: { message: '新增成功' } });
    const id = add.body.data.id as number;
    const otherId = (await t.api.post(`${base}/add`, c.other)).body.data.id as number;
    expect(otherId).toBeGreaterThan(0);

    const list = (await t.api.get(`${base}/list`)).body.data;
    expect(list.total).toBe(before + 2);
    expect((await t.api.get(`${base}/info?id=${id}`)).body.data).toMatchObject(c.body);

    const upd = await t.api.put(`${base}/update`, { id, ...c.patch });
    expect(upd.body, upd.text).toMatchObject({ code: 200, data: { message: '修改成功' } });
    expect((await t.api.get(`${base}/info?id=${id}`)).body.data).toMatchObject(c.patch);

    const name = String(c.body[c.nameKey]);
    // the name is unique within the entity's name scope (custom fields: per entity; dictionary items: per type)
    const scope = (ENTITIES[c.entity].nameScope ?? []).map((k) => `&${k}=${encodeURIComponent(String(c.body[k]))}`).join('');
    const exists = (q: string) => t.api.get(`${base}/checkIsNameExist?name=${encodeURIComponent(name)}${q}`);
    expect((await exists(scope)).body.data).toEqual({ status: true });
    expect((await exists(`${scope}&id=${id}`)).body.data).toEqual({ status: false });
    const dup = await t.api.post(`${base}/add`, { ...c.other, [c.nameKey]: name, ...(c.other.code ? { code: 'NEW1' } : {}) });
    expect(dup.status).toBe(200);
    expect(dup.body.code).toBe(500);
    expect(dup.body.data.message).toBe(ENTITIES[c.entity].nameExistsMessage ?? '名称已存在');
    // the same name is free in another company
    expect((await x.api.post(`${base}/add`, c.body)).body.code).toBe(200);

    if (c.status) {
      expect((await t.api.post(`${base}/batchSetStatus`, { status: false, ids: String(id) })).body.code).toBe(200);
      expect((await t.api.get(`${base}/info?id=${id}`)).body.data.enabled).toBe(false);
    }

    expect((await t.api.delete(`${base}/delete?id=${id}`)).body.data.message).toBe('删除成功');
    expect((await t.api.get(`${base}/info?id=${id}`)).status).toBe(404);
    expect((await t.api.delete(`${base}/deleteBatch?ids=${otherId}`)).body.code).toBe(200);
    expect((await t.api.get(`${base}/list`)).body.data.total).toBe(before);
  });

  it.each(CASES.map((c) => [c.entity, c] as const))('%s: bad input is 400 and writes nothing', async (_n, c) => {
    const base = `/${c.entity}`;
    const before = (await t.api.get(`${base}/list`)).body.data.total;
    expect((await t.api.post(`${base}/add`, c.bad)).status).toBe(400);
    expect((await t.api.post(`${base}/add`, { ...c.body, tenantId: 1 })).status).toBe(400);
    expect((await t.api.post(`${base}/add`, {})).status).toBe(400);
    expect((await t.api.get(`${base}/list?search=${encodeURIComponent('{"nope":"1"}')}`)).status).toBe(400);
    expect((await t.api.get(`${base}/list`)).body.data.total).toBe(before);
  });

  it.each(CASES.map((c) => [c.entity, c] as const))('%s: another company’s ids are 404', async (_n, c) => {
    const base = `/${c.entity}`;
    const theirsBody = { ...c.other, ...(c.other.code ? { code: 'THEIRS' } : {}) };
    const theirs = await x.api.post(`${base}/add`, theirsBody);
    expect(theirs.body.code, theirs.text).toBe(200);
    const id = theirs.body.data.id as number;
    expect((await t.api.get(`${base}/info?id=${id}`)).status).toBe(404);
    expect((await t.api.put(`${base}/update`, { id, ...c.patch })).status).toBe(404);
    expect((await t.api.delete(`${base}/delete?id=${id}`)).status).toBe(404);
    expect((await t.api.delete(`${base}/deleteBatch?ids=${id}`)).status).toBe(404);
    if (c.status) expect((await t.api.post(`${base}/batchSetStatus`, { status: false, ids: String(id) })).status).toBe(404);
    expect((await x.api.get(`${base}/info?id=${id}`)).body.data).toMatchObject(theirsBody);
  });
});

describe('administration settings: rules', async () => {
  const { app, db } = await testApp();
  const t = await newTenant(app, 'rule');
  const x = await newTenant(app, 'rulex');
  const refusal = (r: { status: number; body: { code: number; data: { message: string } } }, message: string) => {
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ code: 500, data: { message } });
  };

  it('numbering rules: the next number must fit the number length', async () => {
    refusal(await t.api.post('/barcodeRule/add', { name: '超长', numberLength: 3, nextNumber: 1000 }), SETTINGS_MSG.numberTooLong);
    const id = (await t.api.post('/barcodeRule/add', { name: '三位', numberLength: 3, nextNumber: 999 })).body.data.id;
    refusal(await t.api.put('/barcodeRule/update', { id, numberLength: 2 }), SETTINGS_MSG.numberTooLong);
    refusal(await t.api.put('/barcodeRule/update', { id, nextNumber: 1000 }), SETTINGS_MSG.numberTooLong);
    expect((await t.api.put('/barcodeRule/update', { id, numberLength: 4, nextNumber: 1000 })).body.code).toBe(200);
    refusal(await t.api.post('/serialRule/add', { name: '超长', code: 'L', dateFormat: 'none', numberLength: 1, nextNumber: 10 }), SETTINGS_MSG.numberTooLong);
  });

  it('barcode rules link a material category of the company', async () => {
    const cat = (await t.api.post('/materialCategory/add', { name: '饮料' })).body.data.id;
    const theirs = (await x.api.post('/materialCategory/add', { name: '他们的' })).body.data.id;
    const id = (await t.api.post('/barcodeRule/add', { name: '饮料码', numberLength: 5, nextNumber: 1, categoryId: cat })).body.data.id;
    expect((await t.api.get(`/barcodeRule/info?id=${id}`)).body.data).toMatchObject({ categoryId: cat, categoryName: '饮料' });
    expect((await t.api.post('/barcodeRule/add', { name: '越界', numberLength: 5, nextNumber: 1, categoryId: theirs })).status).toBe(400);
  });

  it('serial rules and document types keep their codes unique', async () => {
    await t.api.post('/serialRule/add', { name: '甲', code: 'SAME', dateFormat: 'none', numberLength: 4, nextNumber: 1 });
    refusal(await t.api.post('/serialRule/add', { name: '乙', code: 'SAME', dateFormat: 'none', numberLength: 4, nextNumber: 1 }), SETTINGS_MSG.codeTaken);
    await t.api.post('/documentType/add', { name: '甲类', code: 'DT', direction: '其它' });
    const other = (await t.api.post('/documentType/add', { name: '乙类', code: 'DT2', direction: '其它' })).body.data.id;
    refusal(await t.api.put('/documentType/update', { id: other, code: 'DT' }), SETTINGS_MSG.codeTaken);
    expect((await t.api.post('/documentType/add', { name: '丙类', code: 'bad code', direction: '其它' })).status).toBe(400);
  });

  it('custom fields: a select needs options; the label is unique per entity', async () => {
    refusal(await t.api.post('/customField/add', { entity: 'depot', label: '区域', fieldType: 'select' }), SETTINGS_MSG.selectNeedsOptions);
    const id = (await t.api.post('/customField/add', { entity: 'depot', label: '区域', fieldType: 'text' })).body.data.id;
    refusal(await t.api.put('/customField/update', { id, fieldType: 'select' }), SETTINGS_MSG.selectNeedsOptions);
    expect((await t.api.put('/customField/update', { id, fieldType: 'select', options: '华东,华南' })).body.code).toBe(200);
    expect((await t.api.post('/customField/add', { entity: 'person', label: '区域', fieldType: 'text' })).body.code).toBe(200);
    expect((await t.api.post('/customField/add', { entity: 'depot', label: '区域', fieldType: 'text' })).body.data.message).toBe('该资料已有同名字段');
  });

  it('reminders go to users of the company only', async () => {
    const [mine, theirs] = await db.system(async (tx) => [
      (await tx.one<{ id: number }>('select id from sys_user where tenant_id = $1 limit 1', [t.tenantId]))!.id,
      (await tx.one<{ id: number }>('select id from sys_user where tenant_id = $1 limit 1', [x.tenantId]))!.id,
    ]);
    const id = (await t.api.post('/reminderSetting/add', { name: '审批', kind: 'approval', recipients: `${mine},${mine}` })).body.data.id;
    expect((await t.api.get(`/reminderSetting/info?id=${id}`)).body.data.recipients).toBe(String(mine));
    refusal(await t.api.put('/reminderSetting/update', { id, recipients: `${mine},${theirs}` }), SETTINGS_MSG.recipientMissing);
    expect((await t.api.put('/reminderSetting/update', { id, recipients: '' })).body.code).toBe(200);
  });

  it('account periods: closing stamps the time, a closed period is locked, reopening clears it', async () => {
    const id = (await t.api.post('/accountPeriod/add', { period: '2025-12' })).body.data.id;
    expect((await t.api.get(`/accountPeriod/info?id=${id}`)).body.data).toMatchObject({ closed: false, closedTime: null });
    expect((await t.api.put('/accountPeriod/update', { id, closedTime: '2025-12-31 00:00:00' })).status).toBe(400);
    expect((await t.api.put('/accountPeriod/update', { id, closed: true })).body.code).toBe(200);
    const closed = (await t.api.get(`/accountPeriod/info?id=${id}`)).body.data;
    expect(closed.closed).toBe(true);
    expect(closed.closedTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    refusal(await t.api.put('/accountPeriod/update', { id, remark: '改' }), SETTINGS_MSG.periodClosedChange);
    refusal(await t.api.delete(`/accountPeriod/delete?id=${id}`), SETTINGS_MSG.periodClosedDelete);
    // closing again keeps the first stamp
    expect((await t.api.put('/accountPeriod/update', { id, closed: true })).body.code).toBe(200);
    expect((await t.api.get(`/accountPeriod/info?id=${id}`)).body.data.closedTime).toBe(closed.closedTime);
    expect((await t.api.put('/accountPeriod/update', { id, closed: false, remark: '反结账' })).body.code).toBe(200);
    expect((await t.api.get(`/accountPeriod/info?id=${id}`)).body.data).toMatchObject({ closed: false, closedTime: null, remark: '反结账' });
    expect((await t.api.delete(`/accountPeriod/delete?id=${id}`)).body.code).toBe(200);
    const open = (await t.api.get(`/accountPeriod/list?search=${encodeURIComponent('{"closed":"1"}')}`)).body.data;
    expect(open.total).toBe(0);
  });

  it('dictionary items name a known type; values are unique within a type', async () => {
    expect((await t.api.post('/dictData/add', { dictType: 'no_such_type', label: 'x', value: 'x' })).status).toBe(400);
    const a = await t.api.post('/dictData/add', { dictType: 'customer_source', label: '广告', value: 'ad', sort: null });
    expect(a.body.code, a.text).toBe(200);
    expect((await t.api.get(`/dictData/info?id=${a.body.data.id}`)).body.data).toMatchObject({ sort: 0, enabled: true });
    refusal(await t.api.post('/dictData/add', { dictType: 'customer_source', label: '广告2', value: 'ad' }), '字典值已存在');
    expect((await t.api.post('/dictData/add', { dictType: 'customer_stage', label: '广告', value: 'ad' })).body.code).toBe(200);
    expect((await t.api.put('/dictData/update', { id: a.body.data.id, dictType: 'nope' })).status).toBe(400);
    // the items the client caches and the dictionary call see the new item
    const items = (await t.api.get('/system/dict/data/type/customer_source')).body.data as Array<{ value: string }>;
    expect(items.map((i) => i.value)).toContain('ad');
    const search = encodeURIComponent(JSON.stringify({ dictType: 'customer_source' }));
    const listed = (await t.api.get(`/dictData/list?search=${search}`)).body.data.rows as Array<{ value: string }>;
    expect(listed.map((r) => r.value)).toContain('ad');
    // a disabled item leaves the dictionary call
    await t.api.post('/dictData/batchSetStatus', { status: '0', ids: String(a.body.data.id) });
    expect(((await t.api.get('/system/dict/data/type/customer_source')).body.data as Array<{ value: string }>).map((i) => i.value)).not.toContain('ad');
  });
});

describe('operation log', async () => {
  const { app } = await testApp();
  const t = await newTenant(app, 'log');
  const x = await newTenant(app, 'logx');
  await t.api.post('/documentType/add', { name: '日志类型', code: 'LOG', direction: '其它' });
  await t.api.post('/accountPeriod/add', { period: '2024-01' });
  await x.api.post('/documentType/add', { name: '别家', code: 'X', direction: '其它' });
  const q = (o: Record<string, string>) => t.api.get(`/sysLog/list?${new URLSearchParams(o)}`);

  it('lists the company’s writes, newest first, with paging and filters', async () => {
    const all = (await q({})).body.data;
    expect(all.total).toBeGreaterThanOrEqual(2);
    expect(all.rows[0]).toMatchObject({ loginName: t.loginName, operation: 'add', entity: 'accountPeriod' });
    expect(all.rows[0].createTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(JSON.parse(all.rows[0].content)).toMatchObject({ period: '2024-01' });
    expect(all.rows.some((r: { entity: string; recordIds: string }) => r.entity === 'documentType')).toBe(true);
    expect((await q({ pageSize: '1', currentPage: '2' })).body.data.rows).toHaveLength(1);
    const byEntity = (await q({ search: JSON.stringify({ entity: 'documentType', operation: 'add' }) })).body.data;
    expect(byEntity.total).toBe(1);
    expect((await q({ entity: 'documentType' })).body.data.total).toBe(1);
    expect((await q({ search: JSON.stringify({ loginName: t.loginName.slice(0, 6) }) })).body.data.total).toBe(all.total);
    expect((await q({ search: JSON.stringify({ endTime: '2000-01-01' }) })).body.data.total).toBe(0);
    expect((await q({ beginTime: '2000-01-01 00:00:00' })).body.data.total).toBe(all.total);
    expect((await q({ column: 'createTime', order: 'ascend' })).body.data.rows[0].id).toBeLessThan(all.rows[0].id);
  });

  it('never shows another company’s writes', async () => {
    const rows = (await q({ pageSize: '1000' })).body.data.rows as Array<{ loginName: string }>;
    expect(rows.every((r) => r.loginName === t.loginName)).toBe(true);
  });

  it('refuses bad filters and offers no writes', async () => {
    expect((await q({ search: '{bad' })).status).toBe(400);
    expect((await q({ search: JSON.stringify({ tenantId: 1 }) })).status).toBe(400);
    expect((await q({ beginTime: 'yesterday' })).status).toBe(400);
    expect((await q({ column: 'id' })).status).toBe(400);
    expect((await q({ pageSize: '100000' })).status).toBe(400);
    expect((await t.api.post('/sysLog/add', { operation: 'x' })).status).toBe(404);
  });
});
