import { beforeAll, describe, expect, it } from 'vitest';
import { jshClient } from './jsh-client.ts';
import { newTenant, testApp } from '../../../test-support/harness.ts';
import { line, saved, world } from '../../inventory/__tests__/fixtures.ts';
import { finSaved, setStatus } from '../../finance/__tests__/fin-fixtures.ts';

/**
 * jshERP's bill screens' side calls against our server (issue 23): 其它入库/其它出库's 选择单据 (WaitBillList.vue:
 * several sub types at once, status 1,3) and the bill detail's 付款单号/收款单号 (BillDetail.vue).
 */
describe("jshERP's bill dialogs against our server", () => {
  let app: Awaited<ReturnType<typeof testApp>>['app'];
  let co: Awaited<ReturnType<typeof newTenant>>;
  let other: Awaited<ReturnType<typeof newTenant>>;
  let w: Awaited<ReturnType<typeof world>>;
  let jsh: ReturnType<typeof jshClient>;
  const docs: Record<string, { id: number; number: string }> = {};

  beforeAll(async () => {
    ({ app } = await testApp());
    co = await newTenant(app, 'jshb');
    other = await newTenant(app, 'jshc');
    w = await world(co.api);
    jsh = jshClient(app, co.token);
    await w.material('螺丝', 'LS01', {}, { purchaseDecimal: 2, wholesaleDecimal: 3 });
    // three purchases (two audited), a sale and its audited return
    docs.buy1 = await saved(co.api, '入库', '采购', [line('LS01', 10, 2, w.depotA)], { organId: w.supplier, operTime: '2026-11-01 09:00:00' });
    docs.buy2 = await saved(co.api, '入库', '采购', [line('LS01', 5, 2, w.depotA)], { organId: w.supplier, operTime: '2026-11-03 09:00:00' });
    docs.buy3 = await saved(co.api, '入库', '采购', [line('LS01', 1, 2, w.depotA)], { organId: w.supplier, operTime: '2026-11-04 09:00:00' });
    docs.sale = await saved(co.api, '出库', '销售', [line('LS01', 4, 3, w.depotA)], { organId: w.customer, operTime: '2026-11-05 09:00:00' });
    docs.back = await saved(co.api, '入库', '销售退货', [line('LS01', 1, 3, w.depotA)], { organId: w.customer, operTime: '2026-11-06 09:00:00' });
    for (const k of ['buy1', 'buy2', 'sale', 'back']) expect((await setStatus(co.api, 'depotHead', docs[k].id, '1')).code).toBe(200);
  });

  const waitList = (api: ReturnType<typeof jshClient>, search: object, currentPage = 1, pageSize = 10) =>
    api.getAction('/depotHead/waitBillList', { search: JSON.stringify(search), currentPage, pageSize });

  it('选择单据 lists the audited purchases and sale returns together, newest first, paged, with its columns', async () => {
    const search = { type: '入库', subType: '采购,销售退货', status: '1,3', number: '', materialParam: '', beginTime: '', endTime: '' };
    const r = await waitList(jsh, search);
    expect(r.data.code, JSON.stringify(r.data)).toBe(200);
    expect(r.data.data.total).toBe(3);
    expect(r.data.data.rows.map((x: { number: string }) => x.number)).toEqual([docs.back.number, docs.buy2.number, docs.buy1.number]);
    expect(r.data.data.rows[0]).toMatchObject({ organName: '客户一', operTimeStr: '2026-11-06 09:00:00', userName: expect.any(String), materialCount: 1 });
    expect(r.data.data.rows[0].materialsList).toContain('螺丝');
    // page 2 of 2 rows: the oldest
    const p2 = await waitList(jsh, search, 2, 2);
    expect(p2.data.data.total).toBe(3);
    expect(p2.data.data.rows.map((x: { number: string }) => x.number)).toEqual([docs.buy1.number]);
    // its filters: a number, dates
    expect((await waitList(jsh, { ...search, number: docs.buy2.number })).data.data.rows.map((x: { id: number }) => x.id)).toEqual([docs.buy2.id]);
    expect((await waitList(jsh, { ...search, beginTime: '2026-11-02', endTime: '2026-11-03' })).data.data.total).toBe(1);
    // 出库 side: the audited sale
    const out = await waitList(jsh, { type: '出库', subType: '销售,采购退货', status: '1,3' });
    expect(out.data.data.rows.map((x: { id: number }) => x.id)).toEqual([docs.sale.id]);
    // another company sees none of them
    expect((await waitList(jshClient(app, other.token), search)).data.data).toEqual({ rows: [], total: 0 });
  });

  it('选择单据 refuses bad filters in the envelope, never a 500', async () => {
    for (const bad of [
      { type: '入库', subType: '采购', status: 'x' },
      { type: '乱', subType: '采购' },
      { type: '入库', subType: '采购', beginTime: '11/01' },
    ]) {
      const r = await waitList(jsh, bad);
      expect(r.status, JSON.stringify(r.data)).toBe(400);
      expect(r.data.data.message).toEqual(expect.any(String));
    }
  });

  it('the bill detail lists the payments settling the document, each once; none for another company', async () => {
    const none = await jsh.getAction('/accountHead/getFinancialBillNoByBillId', { billId: docs.buy1.id });
    expect(none.data).toEqual({ code: 200, data: [] });
    const p1 = await finSaved(co.api, '付款', [{ billId: docs.buy1.id, eachAmount: 5 }], { organId: w.supplier, accountId: w.account });
    const p2 = await finSaved(
      co.api,
      '付款',
      [
        { billId: docs.buy1.id, eachAmount: 3 },
        { billId: docs.buy2.id, eachAmount: 4 },
      ],
      {
        organId: w.supplier,
        accountId: w.account,
      },
    );
    const r = await jsh.getAction('/accountHead/getFinancialBillNoByBillId', { billId: docs.buy1.id });
    expect(r.data.code).toBe(200);
    expect(r.data.data.map((x: { billNo: string }) => x.billNo)).toEqual([p1.number, p2.number]);
    expect(r.data.data[0]).toMatchObject({ id: p1.id, type: '付款' });
    expect((await jsh.getAction('/accountHead/getFinancialBillNoByBillId', { billId: docs.buy2.id })).data.data.map((x: { id: number }) => x.id)).toEqual([
      p2.id,
    ]);
    // a deleted payment no longer counts
    expect((await co.api.delete(`/accountHead/delete?id=${p1.id}`)).body.code).toBe(200);
    expect((await jsh.getAction('/accountHead/getFinancialBillNoByBillId', { billId: docs.buy1.id })).data.data.map((x: { id: number }) => x.id)).toEqual([
      p2.id,
    ]);
    // another company asking for this document's id: nothing
    expect((await jshClient(app, other.token).getAction('/accountHead/getFinancialBillNoByBillId', { billId: docs.buy1.id })).data.data).toEqual([]);
    for (const bad of ['', 'x', '0', '-1']) {
      const b = await jsh.getAction('/accountHead/getFinancialBillNoByBillId', { billId: bad });
      expect(b.status, bad).toBe(400);
      expect(b.data.data.message).toEqual(expect.any(String));
    }
  });

  it('the bill lines’ 条码 cell finds barcodes by keyword as jshERP’s text', async () => {
    await w.material('垫片', 'DP01', { standard: 'M6', model: 'X1', color: '银' }, {});
    const r = await jsh.getAction('/material/getMaterialByParam', { q: 'DP0' });
    expect(r.data).toEqual({ code: 200, data: [{ barCode: 'DP01', materialStr: 'DP01_垫片(M6)(X1)(银)(个)' }] });
    // by name, and nothing of another company's
    expect((await jsh.getAction('/material/getMaterialByParam', { q: '螺丝' })).data.data).toEqual([{ barCode: 'LS01', materialStr: 'LS01_螺丝(个)' }]);
    expect((await jshClient(app, other.token).getAction('/material/getMaterialByParam', { q: 'DP0' })).data).toEqual({ code: 200, data: [] });
    const long = await jsh.getAction('/material/getMaterialByParam', { q: 'x'.repeat(101) });
    expect(long.status).toBe(400);
    expect(long.data.data.message).toEqual(expect.any(String));
  });
});
