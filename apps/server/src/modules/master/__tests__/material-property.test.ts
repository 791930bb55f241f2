import { describe, expect, it } from 'vitest';
import { login, newTenant, testApp } from '../../../test-support/harness.ts';

interface Prop {
  id: number;
  nativeName: string;
  anotherName: string;
  enabled: boolean;
  sort: string;
}

describe('material properties (field aliases)', async () => {
  const { app } = await testApp();

  it('lists, renames, disables and reorders an alias through POST and PUT /materialProperty/update', async () => {
    const t = await newTenant(app, 'mprop');
    const list = (await t.api.get('/materialProperty/list?currentPage=1&pageSize=10')).body.data;
    expect(list.total).toBe(4);
    const maker = list.rows.find((p: Prop) => p.nativeName === '制造商') as Prop;
    expect(maker).toMatchObject({ anotherName: '制造商', enabled: true, sort: '01' });

    const put = await t.api.put('/materialProperty/update', { id: maker.id, anotherName: ' 产地 ', sort: '09' });
    expect(put.body).toMatchObject({ code: 200, data: { id: maker.id, anotherName: '产地', sort: '09', enabled: true, message: '修改成功' } });
    const post = await t.api.post('/materialProperty/update', { id: maker.id, anotherName: '产地', enabled: false });
    expect(post.body.data).toMatchObject({ anotherName: '产地', enabled: false, sort: '09' });

    // the list every signed-in user caches shows the change, in the new order
    const all = (await t.api.get('/materialProperty/getAllList')).body.data as Prop[];
    expect(all.map((p) => p.anotherName)).toEqual(['自定义1', '自定义2', '自定义3', '产地']);
    const found = (await t.api.get(`/materialProperty/list?search=${encodeURIComponent(JSON.stringify({ anotherName: '产' }))}`)).body.data;
    expect(found.rows.map((p: Prop) => p.id)).toEqual([maker.id]);
  });

  it('refuses bad input with a clear message and changes nothing', async () => {
    const t = await newTenant(app, 'mprop2');
    const rows = (await t.api.get('/materialProperty/list')).body.data.rows as Prop[];
    const [a, b] = rows;
    const cases: Array<[unknown, number, string | RegExp]> = [
      [{ id: a!.id, anotherName: '  ' }, 400, '别名不能为空'],
      [{ id: a!.id, anotherName: 'x'.repeat(51) }, 400, '别名不能超过50个字符'],
      [{ id: a!.id, anotherName: 'ok', nativeName: '改' }, 400, /nativeName/],
      [{ id: a!.id, anotherName: 'ok', enabled: 'yes' }, 400, /enabled/],
      [{ id: 'x', anotherName: 'ok' }, 400, /id/],
      [{ id: a!.id, anotherName: b!.anotherName }, 200, `别名已存在: ${b!.anotherName}`],
      [{ id: 999999999, anotherName: 'ok' }, 404, '查找不到数据'],
    ];
    for (const [body, status, msg] of cases) {
      const r = await t.api.put('/materialProperty/update', body);
      expect(r.status, JSON.stringify(body)).toBe(status);
      expect(r.body.code, JSON.stringify(body)).not.toBe(200);
      expect(JSON.stringify(r.body.data ?? r.body.msg ?? r.body)).toMatch(msg);
    }
    expect(((await t.api.get('/materialProperty/list')).body.data.rows as Prop[]).map((p) => p.anotherName)).toEqual(rows.map((p) => p.anotherName));
    expect((await t.api.get('/materialProperty/list?search=notjson')).status).toBe(400);
  });

  it('keeps each company to its own aliases and needs the menu to change them', async () => {
    const t = await newTenant(app, 'mprop3');
    const mine = ((await t.api.get('/materialProperty/list')).body.data.rows as Prop[])[0]!;
    const jsh = await login(app, 'jsh');
    const r = await jsh.api.put('/materialProperty/update', { id: mine.id, anotherName: '别家' });
    expect(r.status).toBe(404);
    expect(((await t.api.get('/materialProperty/list')).body.data.rows as Prop[])[0]!.anotherName).toBe(mine.anotherName);
    const sales = await login(app, 'jsh_sales');
    expect((await sales.api.put('/materialProperty/update', { id: mine.id, anotherName: 'x' })).status).toBe(403);
    expect((await sales.api.get('/materialProperty/list')).status).toBe(403);
  });
});
