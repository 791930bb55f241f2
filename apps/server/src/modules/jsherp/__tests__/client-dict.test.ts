import { beforeAll, describe, expect, it } from 'vitest';
import { jshClient } from './jsh-client.ts';
import { newTenant, testApp } from '../../../test-support/harness.ts';

/**
 * jshERP 3.5's 字典管理 against our server (issue 23), as its client sends it: DictList.vue (/dict/type/list,
 * 刷新缓存), DictDataListModal.vue (/dict/data/list with `search`, delete, deleteBatch with its trailing comma),
 * DictDataModal.vue (add/update with dictCode, dictSort as a number, status '0'/'1') and the dictionary cache
 * (/dict/data/type/{dictType}). Types are the platform's: their writes answer jshERP's refusal.
 */
type Item = Record<string, unknown>;

describe("jshERP's dictionaries against our server", () => {
  let app: Awaited<ReturnType<typeof testApp>>['app'];
  let co: Awaited<ReturnType<typeof newTenant>>;
  let other: Awaited<ReturnType<typeof newTenant>>;
  let jsh: ReturnType<typeof jshClient>;
  let theirs: ReturnType<typeof jshClient>;
  const list = (c: ReturnType<typeof jshClient>, search: object) =>
    c.getAction('/dict/data/list', { search: JSON.stringify(search), currentPage: 1, pageSize: 10 });

  beforeAll(async () => {
    ({ app } = await testApp());
    co = await newTenant(app, 'jshd');
    other = await newTenant(app, 'jshe');
    jsh = jshClient(app, co.token);
    theirs = jshClient(app, other.token);
  });

  it('字典管理 lists the platform’s types, filtered as its form sends; its 字典名称 select; 刷新缓存 succeeds', async () => {
    const all = await jsh.getAction('/dict/type/list', { search: JSON.stringify({ dictName: '', dictType: '', status: '' }), currentPage: 1, pageSize: 10 });
    expect(all.data.code, JSON.stringify(all.data)).toBe(200);
    const rows = all.data.data.rows as Item[];
    expect(all.data.data.total).toBe(rows.length);
    expect(rows).toContainEqual(expect.objectContaining({ dictName: '客户状态', dictType: 'customer_state', status: '0', dictId: expect.any(Number) }));
    const found = await jsh.getAction('/dict/type/list', { search: JSON.stringify({ dictName: '客户', dictType: 'STATE' }), currentPage: 1, pageSize: 10 });
    expect((found.data.data.rows as Item[]).map((t) => t.dictType)).toEqual(['customer_state']);
    const stopped = await jsh.getAction('/dict/type/list', { search: JSON.stringify({ status: '1' }), currentPage: 1, pageSize: 10 });
    expect(stopped.data.data).toEqual({ rows: [], total: 0 });
    const options = await jsh.getAction('/dict/type/optionselect');
    expect(options.data.code).toBe(200);
    expect((options.data.data as Item[]).map((t) => t.dictType)).toEqual(rows.map((t) => t.dictType));
    const refreshed = await app.inject({ method: 'DELETE', url: '/jshERP-boot/dict/type/refreshCache', headers: { 'x-access-token': co.token } });
    expect(refreshed.json()).toEqual({ code: 200, data: null });
  });

  it('the type writes answer jshERP’s refusal and add nothing', async () => {
    const before = (await jsh.getAction('/dict/type/optionselect')).data.data.length;
    const add = await jsh.postAction('/dict/type/add', { dictName: '新类型', dictType: 'my_type', status: '0' });
    expect(add.status).toBe(200);
    expect(add.data).toEqual({ code: 500, data: { message: expect.stringMatching(/字典类型由平台统一维护/) } });
    expect((await jsh.putAction('/dict/type/update', { dictId: 1, dictName: 'x', dictType: 'customer_state' })).data.code).toBe(500);
    expect((await jsh.getAction('/dict/type/optionselect')).data.data).toHaveLength(before);
  });

  it('字典数据: add, list, edit, disable and delete the company’s items in jshERP’s names; the cache reads the enabled ones', async () => {
    const add = await jsh.postAction('/dict/data/add', {
      dictType: 'customer_state',
      dictLabel: '沉睡',
      dictValue: '9',
      dictSort: 9,
      cssClass: '',
      listClass: 'warning',
      status: '0',
      remark: '半年未下单',
    });
    expect(add.data.code, JSON.stringify(add.data)).toBe(200);
    const page = await list(jsh, { dictType: 'customer_state', dictLabel: '', status: undefined });
    expect(page.data.code).toBe(200);
    const rows = page.data.data.rows as Item[];
    expect(rows.map((r) => r.dictLabel)).toEqual(['潜在', '意向', '成交', '流失', '沉睡']);
    const mine = rows.find((r) => r.dictLabel === '沉睡')!;
    expect(mine).toMatchObject({ dictValue: '9', dictSort: 9, listClass: 'warning', status: '0', remark: '半年未下单', dictType: 'customer_state' });
    expect(mine.dictCode).toEqual(expect.any(Number));
    expect(page.data.data.total).toBe(5);
    // 字典标签 (contains) and 状态 filters
    expect(((await list(jsh, { dictType: 'customer_state', dictLabel: '沉' })).data.data.rows as Item[]).map((r) => r.dictCode)).toEqual([mine.dictCode]);

    // its edit sends the whole record back, dictCode with it, status 停用
    const edit = await jsh.putAction('/dict/data/update', { ...mine, dictLabel: '休眠', status: '1', createTime: '2026-01-01 00:00:00', createBy: 'x' });
    expect(edit.data.code, JSON.stringify(edit.data)).toBe(200);
    const stopped = (await list(jsh, { dictType: 'customer_state', status: '1' })).data.data.rows as Item[];
    expect(stopped.map((r) => [r.dictCode, r.dictLabel, r.status])).toEqual([[mine.dictCode, '休眠', '1']]);
    // the cache: the enabled items only, in jshERP's names
    const cache = await jsh.getAction('/dict/data/type/customer_state');
    expect(cache.data.code).toBe(200);
    expect((cache.data.data as Item[]).map((r) => [r.dictLabel, r.dictValue, r.status])).toEqual([
      ['潜在', '0', '0'],
      ['意向', '1', '0'],
      ['成交', '2', '0'],
      ['流失', '3', '0'],
    ]);
    expect((await jsh.getAction('/dict/data/type/no_such_type')).data).toEqual({ code: 200, data: [] });

    // another company sees none of it, and cannot edit or delete it
    expect(((await list(theirs, { dictType: 'customer_state' })).data.data.rows as Item[]).some((r) => r.dictCode === mine.dictCode)).toBe(false);
    const foreign = await theirs.putAction('/dict/data/update', { ...mine, dictLabel: '别人的' });
    expect(foreign.data.code).not.toBe(200);
    const foreignDelete = await app.inject({
      method: 'DELETE',
      url: `/jshERP-boot/dict/data/delete?id=${mine.dictCode}`,
      headers: { 'x-access-token': other.token },
    });
    expect(foreignDelete.json().code).not.toBe(200);
    expect(((await list(jsh, { dictType: 'customer_state', status: '1' })).data.data.rows as Item[])[0].dictLabel).toBe('休眠');

    // 删除 and 批量删除 (ids with jshERP's trailing comma)
    const second = await jsh.postAction('/dict/data/add', { dictType: 'customer_state', dictLabel: '回访', dictValue: '10', dictSort: 10, status: '0' });
    expect(second.data.code).toBe(200);
    const del = await app.inject({ method: 'DELETE', url: `/jshERP-boot/dict/data/delete?id=${mine.dictCode}`, headers: { 'x-access-token': co.token } });
    expect(del.json().code, del.body).toBe(200);
    const rest = (await list(jsh, { dictType: 'customer_state', dictLabel: '回访' })).data.data.rows as Item[];
    const batch = await app.inject({
      method: 'DELETE',
      url: `/jshERP-boot/dict/data/deleteBatch?ids=${rest[0].dictCode},`,
      headers: { 'x-access-token': co.token },
    });
    expect(batch.json().code, batch.body).toBe(200);
    expect((await list(jsh, { dictType: 'customer_state' })).data.data.total).toBe(4);
  });

  it('bad input answers the envelope with our message, never a 500, and writes nothing', async () => {
    for (const bad of [
      { dictType: 'no_such_type', dictLabel: 'a', dictValue: 'a', status: '0' },
      { dictType: 'customer_state', dictLabel: '', dictValue: 'x', status: '0' },
      { dictType: 'customer_state', dictLabel: 'a', dictValue: 'a', dictSort: 'x', status: '0' },
      { dictType: 'customer_state', dictLabel: 'a', dictValue: 'a', status: '7' },
      { dictType: 'customer_state', dictLabel: '重复', dictValue: '0', status: '0' },
    ]) {
      const r = await jsh.postAction('/dict/data/add', bad);
      expect(r.status, JSON.stringify(r.data)).toBeLessThan(500);
      expect(r.data.code, JSON.stringify(bad)).not.toBe(200);
      expect(r.data.data.message).toEqual(expect.any(String));
    }
    expect((await list(jsh, { dictType: 'customer_state' })).data.data.total).toBe(4);
    const badType = await jsh.getAction('/dict/data/type/Bad-Type');
    expect(badType.status).toBe(400);
    const badDelete = await app.inject({ method: 'DELETE', url: '/jshERP-boot/dict/data/delete?id=x', headers: { 'x-access-token': co.token } });
    expect(badDelete.statusCode).toBe(400);
    expect(badDelete.json().data.message).toEqual(expect.any(String));
  });
});
