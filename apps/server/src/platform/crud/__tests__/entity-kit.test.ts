import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { column, ENTITIES } from '@erp/entities';
import { login, newTenant, testApp } from '../../../test-support/harness.ts';
import { sqlType } from '../ddl.ts';

describe('entity kit: generic endpoints', async () => {
  const { app, db } = await testApp();
  const t = await newTenant(app, 'kit');
  const api = t.api;

  it('adds, reads, lists, changes and deletes a warehouse', async () => {
    const boss = (await api.post('/person/add', { name: '王主管', type: '仓管员' })).body.data.id;
    const add = await api.post('/depot/add', { name: '一号仓', address: '上海', warehousing: '12.5', truckage: 3, principal: boss, sort: '1' });
    expect(add.body).toMatchObject({ code: 200, data: { message: '新增成功' } });
    const id = add.body.data.id;
    const one = (await api.get(`/depot/info?id=${id}`)).body.data;
    expect(one).toMatchObject({ id, name: '一号仓', warehousing: 12.5, truckage: 3, principalName: '王主管', enabled: true, isDefault: false });
    expect(one.createTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect((await api.put('/depot/update', { id, address: '杭州' })).body.data.message).toBe('修改成功');
    const list = (await api.get(`/depot/list?search=${encodeURIComponent(JSON.stringify({ name: '一号' }))}`)).body.data;
    expect(list.total).toBe(1);
    expect(list.rows[0].address).toBe('杭州');
    expect((await api.delete(`/depot/delete?id=${id}`)).body.data.message).toBe('删除成功');
    expect((await api.get(`/depot/info?id=${id}`)).status).toBe(404);
    expect((await api.get('/depot/list')).body.data.total).toBe(0);
  });

  it('refuses a duplicate name and answers checkIsNameExist', async () => {
    await api.post('/person/add', { name: '李四', type: '业务员' });
    const dup = await api.post('/person/add', { name: '李四', type: '财务员' });
    expect(dup.body).toEqual({ code: 500, data: { message: '名称已存在' } });
    expect((await api.get('/person/checkIsNameExist?name=李四')).body.data).toEqual({ status: true });
    expect((await api.get('/person/checkIsNameExist?name=王五')).body.data).toEqual({ status: false });
    const id = (await api.get('/person/list')).body.data.rows.find((r: { name: string }) => r.name === '李四').id;
    expect((await api.get(`/person/checkIsNameExist?name=李四&id=${id}`)).body.data).toEqual({ status: false });
  });

  it('enables and disables in a batch, and deletes in a batch', async () => {
    const ids = [];
    for (const name of ['现金', '银行', '微信']) ids.push((await api.post('/account/add', { name, initialAmount: '100.123' })).body.data.id);
    expect((await api.post('/account/batchSetStatus', { status: '0', ids: ids.join(',') })).body.data.message).toBe('操作成功');
    const off = (await api.get(`/account/list?search=${encodeURIComponent('{"enabled":"0"}')}`)).body.data;
    expect(off.total).toBe(3);
    // a new account's balance starts at its initial amount (the journal moves it from there, docs/finance.md)
    expect(off.sums).toEqual({ initialAmount: 300.369, currentAmount: 300.369 });
    expect((await api.delete(`/account/deleteBatch?ids=${ids.slice(0, 2).join(',')}`)).body.code).toBe(200);
    expect((await api.get('/account/list')).body.data.total).toBe(1);
  });

  it('keeps a single default flag per company', async () => {
    const a = (await api.post('/depot/add', { name: 'A仓', isDefault: true })).body.data.id;
    const b = (await api.post('/depot/add', { name: 'B仓', isDefault: true })).body.data.id;
    expect((await api.get(`/depot/info?id=${a}`)).body.data.isDefault).toBe(false);
    expect((await api.get(`/depot/info?id=${b}`)).body.data.isDefault).toBe(true);
  });

  it('filters by equality, range and advanced query, and sorts by whitelisted columns', async () => {
    await api.post('/inOutItem/add', { name: '房租', type: '支出' });
    await api.post('/inOutItem/add', { name: '利息', type: '收入' });
    const q = (o: object) => api.get(`/inOutItem/list?${new URLSearchParams(o as Record<string, string>)}`);
    expect((await q({ search: JSON.stringify({ type: '收入' }) })).body.data.rows.map((r: { name: string }) => r.name)).toEqual(['利息']);
    const today = new Date().toISOString().slice(0, 10);
    expect((await q({ search: JSON.stringify({ beginTime: today, endTime: today }) })).body.data.total).toBe(2);
    expect((await q({ search: JSON.stringify({ endTime: '2000-01-01' }) })).body.data.total).toBe(0);
    const sq = JSON.stringify([
      { field: 'name', rule: 'like', val: '房' },
      { field: 'type', rule: 'eq', val: '收入' },
    ]);
    expect((await q({ superQueryParams: sq, superQueryMatchType: 'or' })).body.data.total).toBe(2);
    expect((await q({ superQueryParams: sq, superQueryMatchType: 'and' })).body.data.total).toBe(0);
    const sorted = (await q({ column: 'name', order: 'ascend' })).body.data.rows.map((r: { name: string }) => r.name);
    expect(sorted).toEqual([...sorted].sort());
    expect((await q({ pageSize: '1', currentPage: '2' })).body.data.rows).toHaveLength(1);
  });

  it('builds trees through the parent link', async () => {
    const root = (await api.post('/materialCategory/add', { name: '电子' })).body.data.id;
    const child = (await api.post('/materialCategory/add', { name: '手机', parentId: root })).body.data.id;
    expect((await api.get(`/materialCategory/info?id=${child}`)).body.data).toMatchObject({ parentId: root, parentName: '电子' });
    const kids = (await api.get(`/materialCategory/list?search=${encodeURIComponent(JSON.stringify({ parentId: root }))}`)).body.data;
    expect(kids.rows.map((r: { name: string }) => r.name)).toEqual(['手机']);
  });

  it('logs every write with user and what changed', async () => {
    await api.post('/person/add', { name: '日志测试', type: '业务员' });
    const log = await db.system((tx) =>
      tx.query<{ login_name: string; operation: string; content: { name: string } }>(
        `select login_name, operation, content from sys_log where tenant_id = $1 and entity = 'person' order by id desc limit 1`,
        [t.tenantId],
      ),
    );
    expect(log[0]).toMatchObject({ login_name: t.loginName, operation: 'add', content: { name: '日志测试' } });
  });

  it('exports the list as a spreadsheet named with an MMddhhmmss suffix', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/person/exportExcel', headers: { 'x-access-token': t.token }, payload: {} });
    expect(res.statusCode).toBe(200);
    expect(decodeURIComponent(res.headers['download-filename'] as string)).toMatch(/^经手人\d{10}\.xls$/);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const ws = wb.worksheets[0];
    expect(ws.getRow(1).values).toEqual([undefined, '姓名', '类型', '排序', '启用']);
    const names = ws.getColumn(1).values.slice(2);
    expect(names).toContain('李四');
    const empty = await api.post('/person/exportExcel', { search: JSON.stringify({ name: '没有这个人' }) });
    expect(empty.body).toEqual({ code: 500, data: { message: '导出异常请联系管理员' } });
  });
});

describe('entity kit: bad input and other companies', async () => {
  const { app, db } = await testApp();
  const a = await newTenant(app, 'kita');
  const b = await newTenant(app, 'kitb');
  const bId = (await b.api.post('/person/add', { name: 'B的人', type: '业务员' })).body.data.id;

  it.each([
    ['/person/list?column=name;drop table person', 'sort column'],
    ['/person/list?column=password', 'unknown sort column'],
    ['/person/list?search={bad', 'malformed search JSON'],
    ['/person/list?search=' + encodeURIComponent('{"tenantId":1}'), 'unknown filter key'],
    ['/person/list?search=' + encodeURIComponent('{"sort":"1"}'), 'non-searchable field'],
    ['/person/list?superQueryParams=' + encodeURIComponent('[{"field":"name","rule":"drop","val":"x"}]'), 'unknown rule'],
    ['/person/list?pageSize=100000', 'page size too big'],
    ['/person/list?currentPage=abc', 'page not a number'],
    ['/person/info?id=abc', 'id not a number'],
  ])('answers %s with 400 (%s)', async (url) => {
    const r = await a.api.get(url);
    expect(r.status).toBe(400);
    expect(r.body.code).toBe(400);
    expect(typeof r.body.data.message).toBe('string');
  });

  it.each([
    [{ name: 'x', type: '厨师' }, 'enum'],
    [{ name: '', type: '业务员' }, 'required'],
    [{ type: '业务员' }, 'missing required'],
    [{ name: 'x', type: '业务员', tenantId: 1 }, 'forbidden field'],
    [{ name: 'x', type: '业务员', deleteFlag: true }, 'forbidden field'],
    [{ name: 'x'.repeat(51), type: '业务员' }, 'too long'],
  ] as Array<[object, string]>)('refuses %j on add (%s) and writes nothing', async (body) => {
    const before = (await a.api.get('/person/list')).body.data.total;
    const r = await a.api.post('/person/add', body);
    expect(r.status).toBe(400);
    expect((await a.api.get('/person/list')).body.data.total).toBe(before);
  });

  it('refuses money with more than 3 decimals and text as money', async () => {
    expect((await a.api.post('/account/add', { name: '精度', initialAmount: '1.2345' })).status).toBe(400);
    expect((await a.api.post('/account/add', { name: '精度', initialAmount: 'abc' })).status).toBe(400);
    expect((await a.api.post('/account/add', { name: '精度', currentAmount: 5 })).status).toBe(400);
  });

  it('never reads, changes or deletes another company’s rows by id', async () => {
    expect((await a.api.get(`/person/info?id=${bId}`)).status).toBe(404);
    expect((await a.api.put('/person/update', { id: bId, name: 'hacked' })).status).toBe(404);
    expect((await a.api.delete(`/person/delete?id=${bId}`)).status).toBe(404);
    expect((await a.api.delete(`/person/deleteBatch?ids=${bId}`)).status).toBe(404);
    expect((await a.api.post('/person/batchSetStatus', { status: '0', ids: String(bId) })).status).toBe(404);
    // a link to another company's row is refused too
    const d = await a.api.post('/depot/add', { name: '越界仓', principal: bId });
    expect(d.status).toBe(400);
    const still = (await b.api.get(`/person/info?id=${bId}`)).body.data;
    expect(still).toMatchObject({ name: 'B的人', enabled: true });
  });

  it('is all or nothing when a batch names a missing id', async () => {
    const mine = (await a.api.post('/person/add', { name: '批量', type: '业务员' })).body.data.id;
    expect((await a.api.delete(`/person/deleteBatch?ids=${mine},${bId}`)).status).toBe(404);
    expect((await a.api.get(`/person/info?id=${mine}`)).status).toBe(200);
  });

  it('checks the menu and button permissions of each call', async () => {
    const sales = await login(app, 'jsh_sales');
    expect((await sales.api.get('/depot/list')).status).toBe(403);
    const jsh = await login(app, 'jsh');
    expect((await jsh.api.get('/depot/list')).status).toBe(200);
    await db.system((tx) =>
      tx.query(`update role_function set btn_str = '' where tenant_id = $1 and function_id = (select id from sys_function where url = '/system/person')`, [
        a.tenantId,
      ]),
    );
    const again = await login(app, a.loginName, a.password);
    expect((await again.api.get('/person/list')).status).toBe(200);
    expect((await again.api.post('/person/add', { name: '无权', type: '业务员' })).status).toBe(403);
    expect((await again.api.post('/person/exportExcel', {})).status).toBe(403);
  });
});

describe('entity tables match their definitions', async () => {
  const { db } = await testApp();
  it.each(Object.values(ENTITIES).map((e) => [e.name, e] as const))('%s', async (_n, def) => {
    const cols = await db.system((tx) =>
      tx.query<{ column_name: string; data_type: string; numeric_scale: number | null }>(
        `select column_name, data_type, numeric_scale from information_schema.columns where table_schema = 'public' and table_name = $1`,
        [def.table],
      ),
    );
    const byName = new Map(cols.map((c) => [c.column_name, c]));
    for (const [name, fd] of Object.entries(def.fields)) {
      if (fd.kind === 'lines') continue; // child rows live in their own table, checked as its own entity
      const c = byName.get(column(name));
      expect(c, `${def.table}.${column(name)}`).toBeDefined();
      const want = sqlType(fd).replace('numeric(24,6)', 'numeric').replace('timestamptz', 'timestamp with time zone');
      expect(c!.data_type, `${def.table}.${column(name)}`).toBe(want);
      if (want === 'numeric') expect(c!.numeric_scale).toBe(6);
    }
  });
});

describe('entity kit: spreadsheet import', async () => {
  const { app } = await testApp();
  const t = await newTenant(app, 'imp');

  async function sheet(rows: unknown[][]): Promise<Buffer> {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('x');
    for (const r of rows) ws.addRow(r);
    return Buffer.from(await wb.xlsx.writeBuffer());
  }
  async function upload(url: string, data: Buffer) {
    const boundary = '----erpimport';
    const payload = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.xlsx"\r\nContent-Type: application/octet-stream\r\n\r\n`),
      data,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const r = await app.inject({
      method: 'POST',
      url: `/api${url}`,
      headers: { 'x-access-token': t.token, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload,
    });
    return { status: r.statusCode, body: JSON.parse(r.body) };
  }

  it('re-imports an export and reports each failed row', async () => {
    await t.api.post('/person/add', { name: '负责人甲', type: '仓管员' });
    const data = await sheet([
      ['仓库名称', '仓库地址', '仓储费', '搬运费', '负责人', '默认', '排序', '备注'],
      ['东仓', '上海', 1.5, 2, '负责人甲', '是', '1', ''],
      ['西仓', '北京', 'abc', 0, '', '否', '2', ''],
      ['南仓', '广州', 0, 0, '不存在的人', '否', '3', ''],
      ['东仓', '重复', 0, 0, '', '否', '4', ''],
      ['北仓', '', '', '', '', '', '', ''],
    ]);
    const r = await upload('/depot/importExcel', data);
    expect(r.body.code).toBe(200);
    expect(r.body.data.total).toBe(5);
    expect(r.body.data.succeeded).toBe(2);
    expect(r.body.data.failed.map((f: { row: number }) => f.row)).toEqual([3, 4, 5]);
    expect(r.body.data.failed[1].message).toMatch('不存在');
    expect(r.body.data.failed[2].message).toBe('名称已存在');
    const list = (await t.api.get('/depot/list')).body.data.rows;
    expect(list.map((d: { name: string }) => d.name).sort()).toEqual(['东仓', '北仓']);
    expect(list.find((d: { name: string }) => d.name === '东仓')).toMatchObject({ principalName: '负责人甲', isDefault: true, warehousing: 1.5 });
  });

  it('round-trips the export of a list', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/depot/exportExcel', headers: { 'x-access-token': t.token }, payload: {} });
    await t.api.delete(`/depot/deleteBatch?ids=${(await t.api.get('/depot/list')).body.data.rows.map((d: { id: number }) => d.id).join(',')}`);
    const r = await upload('/depot/importExcel', res.rawPayload);
    expect(r.body.data).toMatchObject({ total: 2, succeeded: 2, failed: [] });
  });

  it('refuses a file that is not a spreadsheet or lacks a required column', async () => {
    expect((await upload('/depot/importExcel', Buffer.from('hello'))).status).toBe(400);
    const noName = await upload('/depot/importExcel', await sheet([['仓库地址'], ['x']]));
    expect(noName.status).toBe(400);
    expect(noName.body.data.message).toMatch('仓库名称');
  });
});

describe('entity kit: flags', async () => {
  const { app } = await testApp();
  const t = await newTenant(app, 'flag');
  it('refuses null for a flag (absent means false) instead of failing in the database', async () => {
    expect((await t.api.post('/depot/add', { name: '空标志', isDefault: null })).status).toBe(400);
    const id = (await t.api.post('/depot/add', { name: '无标志' })).body.data.id;
    expect((await t.api.get(`/depot/info?id=${id}`)).body.data.isDefault).toBe(false);
  });
});

describe('entity kit: import skips server-kept columns', async () => {
  const { app } = await testApp();
  const t = await newTenant(app, 'impro');
  it('re-imports an exported account list although it shows the current balance', async () => {
    await t.api.post('/account/add', { name: '导出账户', initialAmount: 10 });
    const res = await app.inject({ method: 'POST', url: '/api/account/exportExcel', headers: { 'x-access-token': t.token }, payload: {} });
    await t.api.delete(`/account/deleteBatch?ids=${(await t.api.get('/account/list')).body.data.rows.map((r: { id: number }) => r.id).join(',')}`);
    const boundary = '----erpimport2';
    const payload = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.xlsx"\r\nContent-Type: application/octet-stream\r\n\r\n`),
      res.rawPayload,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const r = await app.inject({
      method: 'POST',
      url: '/api/account/importExcel',
      headers: { 'x-access-token': t.token, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload,
    });
    expect(JSON.parse(r.body).data).toMatchObject({ total: 1, succeeded: 1, failed: [] });
  });
});
