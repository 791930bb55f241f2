import { beforeAll, describe, expect, it } from 'vitest';
import { jshClient } from './jsh-client.ts';
import { newTenant, testApp } from '../../../test-support/harness.ts';
import { detail, line, saved, world } from '../../inventory/__tests__/fixtures.ts';
import { userWithRole } from '../../inventory/reports/__tests__/scenario.ts';

/**
 * jshERP's 快捷编辑备注 (QuickEditModal.vue: PUT /depotHead/quickEdit with the whole list row and its new remark)
 * against our server (issue 23): only the remark changes, audited documents too; another company's id, a user
 * without the type's 编辑 button and bad input are refused.
 */
describe("jshERP's 快捷编辑备注 against our server", () => {
  let app: Awaited<ReturnType<typeof testApp>>['app'];
  let co: Awaited<ReturnType<typeof newTenant>>;
  let other: Awaited<ReturnType<typeof newTenant>>;
  let w: Awaited<ReturnType<typeof world>>;
  let jsh: ReturnType<typeof jshClient>;
  let doc: { id: number; number: string };

  beforeAll(async () => {
    ({ app } = await testApp());
    co = await newTenant(app, 'jshk');
    other = await newTenant(app, 'jshl');
    w = await world(co.api);
    jsh = jshClient(app, co.token);
    await w.material('快改料', 'QE01');
    doc = await saved(co.api, '入库', '采购', [line('QE01', 4, 3, w.depotA)], { organId: w.supplier, status: '1', remark: '原备注' });
  });

  it('changes only the remark of an audited document, as the list row is sent back', async () => {
    const before = await detail(co.api, doc.number);
    expect(before.status).toBe('1');
    const row = (
      await jsh.getAction('/depotHead/list', { search: JSON.stringify({ type: '入库', subType: '采购', number: doc.number }), currentPage: 1, pageSize: 10 })
    ).data.data.rows[0];
    expect(row.id).toBe(doc.id);
    const r = await jsh.putAction('/depotHead/quickEdit', { ...row, remark: '到货后补开发票', totalPrice: 999, status: '0' });
    expect(r.data.code, JSON.stringify(r.data)).toBe(200);
    const after = await detail(co.api, doc.number);
    expect(after.remark).toBe('到货后补开发票');
    // nothing else of the row it sent back was written
    expect([after.status, after.totalPrice, after.number]).toEqual([before.status, before.totalPrice, before.number]);
    expect(await jsh.putAction('/depotHead/quickEdit', { id: doc.id, remark: '' }).then((x) => x.data.code)).toBe(200);
    expect((await detail(co.api, doc.number)).remark ?? null).toBe(null);
  });

  it('another company’s id, a user without 编辑 and bad input are refused; nothing written', async () => {
    await jsh.putAction('/depotHead/quickEdit', { id: doc.id, remark: '保留' });
    const foreign = await jshClient(app, other.token).putAction('/depotHead/quickEdit', { id: doc.id, remark: '别人的' });
    expect(foreign.status).toBe(404);
    const viewer = await userWithRole(app, co.api, { '/bill/purchase_in': '' });
    const noEdit = await jshClient(app, viewer.token).putAction('/depotHead/quickEdit', { id: doc.id, remark: '只读用户' });
    expect(noEdit.data.code).toBe(403);
    for (const bad of [{ remark: 'x' }, { id: 'x', remark: 'x' }, { id: doc.id, remark: 'x'.repeat(1001) }]) {
      const r = await jsh.putAction('/depotHead/quickEdit', bad);
      expect(r.status, JSON.stringify(bad)).toBe(400);
      expect(r.data.data.message).toEqual(expect.any(String));
    }
    expect((await detail(co.api, doc.number)).remark).toBe('保留');
  });
});
