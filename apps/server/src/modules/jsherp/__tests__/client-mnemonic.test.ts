import { beforeAll, describe, expect, it } from 'vitest';
import { jshClient } from './jsh-client.ts';
import { newTenant, testApp } from '../../../test-support/harness.ts';

/**
 * jshERP's 扩展信息 (MaterialPropertyModal.vue: POST /materialProperty/addOrUpdate with the stored row and its new 别名).
 * jshERP's material form fills 助记码 as the name is typed (MaterialModal.vue: POST /material/changeNameToPinYin {name}, reads data). */
describe("jshERP's 助记码 against our server", () => {
  let app: Awaited<ReturnType<typeof testApp>>['app'];
  let jsh: ReturnType<typeof jshClient>;
  let co: Awaited<ReturnType<typeof newTenant>>;
  let other: Awaited<ReturnType<typeof newTenant>>;

  beforeAll(async () => {
    ({ app } = await testApp());
    co = await newTenant(app, 'jshp');
    other = await newTenant(app, 'jshm');
    jsh = jshClient(app, co.token);
  });

  it('answers the name’s pinyin initials in lower case, letters and digits kept', async () => {
    const cases: Array<[string, string]> = [
      ['矿泉水', 'kqs'],
      ['可口可乐 330ml', 'kkkl330ml'],
      ['螺丝M8（不锈钢）', 'lsm8bxg'],
      ['铝合金型材', 'lhjxc'],
      ['日用品', 'ryp'],
      ['他山之石', 'tszs'],
      ['鑫源五金', 'xywj'],
      ['', ''],
    ];
    for (const [name, want] of cases) {
      const r = await jsh.postAction('/material/changeNameToPinYin', { name });
      expect(r.data, name).toEqual({ code: 200, data: want });
    }
  });

  it('a name too long answers the envelope, never a 500; no sign-in is refused', async () => {
    const r = await jsh.postAction('/material/changeNameToPinYin', { name: '名'.repeat(101) });
    expect(r.status).toBe(400);
    expect(r.data.data.message).toEqual(expect.any(String));
    expect((await jshClient(app).postAction('/material/changeNameToPinYin', { name: '水' })).status).toBe(401);
  });

  it('扩展信息 renames a field alias as its modal sends the row; another company’s id and bad input refused', async () => {
    const rows = async (t = co) => (await t.api.get('/materialProperty/list?currentPage=1&pageSize=10')).body.data.rows as Array<Record<string, unknown>>;
    const row = (await rows())[0];
    const r = await jsh.postAction('/materialProperty/addOrUpdate', { ...row, anotherName: '产地', createTime: 'x' });
    expect(r.data.code, JSON.stringify(r.data)).toBe(200);
    expect((await rows()).find((x) => x.id === row.id)!.anotherName).toBe('产地');
    const theirs = (await rows(other)).map((x) => x.anotherName);
    const foreign = await jshClient(app, other.token).postAction('/materialProperty/addOrUpdate', { id: row.id, anotherName: '别人的' });
    expect(foreign.data.code).not.toBe(200);
    expect((await rows(other)).map((x) => x.anotherName)).toEqual(theirs);
    for (const bad of [{ id: row.id, anotherName: '' }, { id: 'x', anotherName: 'a' }, { anotherName: 'a' }, { id: row.id, anotherName: 'a'.repeat(51) }]) {
      const x = await jsh.postAction('/materialProperty/addOrUpdate', bad);
      expect(x.status, JSON.stringify(bad)).toBe(400);
      expect(x.data.data.message).toEqual(expect.any(String));
    }
    expect((await rows()).find((x) => x.id === row.id)!.anotherName).toBe('产地');
    // 删除: refused, the row stays
    const del = await app.inject({ method: 'DELETE', url: `/jshERP-boot/materialProperty/delete?id=${row.id}`, headers: { 'x-access-token': co.token } });
    expect(del.json()).toEqual({ code: 500, data: { message: expect.stringMatching(/不能删除/) } });
    expect((await rows()).some((x) => x.id === row.id)).toBe(true);
  });
});
