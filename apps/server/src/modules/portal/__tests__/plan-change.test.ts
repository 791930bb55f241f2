import { describe, expect, it } from 'vitest';
import { newTenant, testApp } from '../../../test-support/harness.ts';
import { future, past, today, ok, refused, supplierWithUser } from './portal-world.ts';

type Detail = { status: string; remark: string | null; cancelReason: string | null; lines: Array<{ itemId: number; qty: number; planDate: string }> };

/**
 * Issue 22: the buyer edits a shipping plan until its supplier acknowledged it, or cancels it with a reason the
 * supplier reads; an acknowledged plan is refused both with a message saying why, and a refused change writes
 * nothing. A supplier sees its own plans only, the cancelled ones with the reason, and cannot acknowledge those.
 */
describe('supplier portal: editing and cancelling shipping plans', async () => {
  const { app, db } = await testApp();
  const buyer = await newTenant(app, 'planchg');
  const depotId = (await ok<{ id: number }>(buyer.api.post('/depot/add', { name: '改计划仓' }))).id;
  const code = `PCHG-${buyer.tenantId}`;
  await ok(buyer.api.post('/material/add', { name: '齿轮', unit: '个', barCodes: [{ barCode: code, commodityUnit: '个' }] }));
  const sup = await supplierWithUser(app, buyer.api, '齿轮厂');
  const other = await supplierWithUser(app, buyer.api, '别家齿轮');
  const order = (supplierId: number, qty: number) =>
    ok<{ id: number }>(
      buyer.api.post('/depotHead/addDepotHeadAndDetail', {
        info: { type: '其它', subType: '采购订单', operTime: `${today()} 09:00:00`, organId: supplierId, status: '1', deliveryDate: future() },
        rows: [{ barCode: code, operNumber: qty, unitPrice: 12, depotId }],
      }),
    );
  const itemOf = async (s: typeof sup, orderId: number) =>
    (await ok<{ rows: Array<{ itemId: number }> }>(s.api.get(`/portal/order/list?orderId=${orderId}`))).rows[0]!.itemId;
  const first = await itemOf(sup, (await order(sup.supplierId, 10)).id);
  const second = await itemOf(sup, (await order(sup.supplierId, 4)).id);
  const foreign = await itemOf(other, (await order(other.supplierId, 3)).id);
  const publish = (lines: unknown[]) => ok<{ id: number; number: string }>(buyer.api.post('/portal/buyer/plan/add', { supplierId: sup.supplierId, lines }));
  const linesOf = (planId: number) =>
    db.system((tx) =>
      tx.query<{ item_id: string; qty: string; plan_date: string }>(
        `select item_id::text, qty::text, to_char(plan_date, 'YYYY-MM-DD') plan_date from portal_shipping_plan_line where tenant_id = $1 and plan_id = $2 order by line_no`,
        [buyer.tenantId, planId],
      ),
    );

  it('replaces the lines of a plan not yet acknowledged; a bad edit is refused and changes nothing', async () => {
    const plan = await publish([{ itemId: first, planDate: future(), qty: 6 }]);
    const edit = (lines: unknown[], remark?: string) => buyer.api.post('/portal/buyer/plan/edit', { id: plan.id, remark, lines });
    const before = await linesOf(plan.id);
    expect(await refused(edit([{ itemId: second, planDate: future(), qty: 5 }]))).toBe('第1行：计划数量超出订单未收数量 4');
    expect(await refused(edit([{ itemId: foreign, planDate: future(), qty: 1 }]))).toBe('第1行：订单明细不存在、不属于该供应商或订单已完成');
    expect(await refused(edit([{ itemId: first, planDate: past(), qty: 1 }]))).toBe('计划发货日期不能早于今天');
    expect(await refused(edit([]))).toContain('请至少录入一行明细');
    expect(await refused(buyer.api.post('/portal/buyer/plan/edit', { id: 987654321, lines: [{ itemId: first, planDate: future(), qty: 1 }] }))).toBe(
      '发货计划不存在',
    );
    expect(await linesOf(plan.id)).toEqual(before);
    // the supplier cannot edit: the route is the buyer's
    expect((await sup.api.post('/portal/buyer/plan/edit', { id: plan.id, lines: [{ itemId: first, planDate: future(), qty: 1 }] })).status).toBe(403);

    await ok(
      edit(
        [
          { itemId: second, planDate: future(), qty: '4' },
          { itemId: first, planDate: today(), qty: '2.5' },
        ],
        '改为两行',
      ),
    );
    const seen = await ok<Detail>(sup.api.get(`/portal/plan/detail?id=${plan.id}`));
    expect([seen.status, seen.remark]).toEqual(['published', '改为两行']);
    expect(seen.lines.map((l) => [l.itemId, l.qty, l.planDate])).toEqual([
      [second, 4, future()],
      [first, 2.5, today()],
    ]);
    expect(await linesOf(plan.id)).toEqual([
      { item_id: String(second), qty: '4.000000', plan_date: future() },
      { item_id: String(first), qty: '2.500000', plan_date: today() },
    ]);
    // the other supplier still sees nothing of it
    expect((await other.api.get(`/portal/plan/detail?id=${plan.id}`)).status).toBe(404);
  });

  it('cancels with a reason the supplier reads; a cancelled plan cannot be acknowledged, edited or cancelled again', async () => {
    const plan = await publish([{ itemId: first, planDate: future(), qty: 3 }]);
    expect(await refused(buyer.api.post('/portal/buyer/plan/cancel', { id: plan.id, reason: '  ' }))).toContain('请填写取消原因');
    expect(await refused(buyer.api.post('/portal/buyer/plan/cancel', { id: plan.id }))).toBeTruthy();
    await ok(buyer.api.post('/portal/buyer/plan/cancel', { id: plan.id, reason: '客户订单取消' }));
    const seen = await ok<Detail>(sup.api.get(`/portal/plan/detail?id=${plan.id}`));
    expect([seen.status, seen.cancelReason]).toEqual(['cancelled', '客户订单取消']);
    const list = await ok<{ rows: Array<{ number: string }> }>(sup.api.get('/portal/plan/list?status=cancelled'));
    expect(list.rows.map((r) => r.number)).toEqual([plan.number]);
    expect(await refused(sup.api.post('/portal/plan/ack', { id: plan.id }))).toBe('发货计划已取消，不能确认');
    expect(await refused(buyer.api.post('/portal/buyer/plan/cancel', { id: plan.id, reason: '再取消' }))).toBe('发货计划已取消，不能再修改或取消');
    expect(await refused(buyer.api.post('/portal/buyer/plan/edit', { id: plan.id, lines: [{ itemId: first, planDate: future(), qty: 1 }] }))).toBe(
      '发货计划已取消，不能再修改或取消',
    );
    const head = await db.system((tx) =>
      tx.one<{ status: string; cancel_reason: string }>('select status, cancel_reason from portal_shipping_plan where tenant_id = $1 and id = $2', [
        buyer.tenantId,
        plan.id,
      ]),
    );
    expect(head).toEqual({ status: 'cancelled', cancel_reason: '客户订单取消' });
  });

  it('refuses to edit or cancel a plan the supplier acknowledged, changing nothing', async () => {
    const plan = await publish([{ itemId: second, planDate: future(), qty: 1 }]);
    await ok(sup.api.post('/portal/plan/ack', { id: plan.id, remark: '收到' }));
    const before = await linesOf(plan.id);
    expect(await refused(buyer.api.post('/portal/buyer/plan/edit', { id: plan.id, lines: [{ itemId: second, planDate: future(), qty: 2 }] }))).toBe(
      '供应商已确认该发货计划，不能修改',
    );
    expect(await refused(buyer.api.post('/portal/buyer/plan/cancel', { id: plan.id, reason: '不要了' }))).toBe('供应商已确认该发货计划，不能取消');
    expect(await linesOf(plan.id)).toEqual(before);
    const seen = await ok<Detail>(buyer.api.get(`/portal/buyer/plan/detail?id=${plan.id}`));
    expect([seen.status, seen.cancelReason]).toEqual(['acknowledged', null]);
  });
});
