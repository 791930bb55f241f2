import { describe, expect, it } from 'vitest';
import { newTenant, testApp } from '../../../test-support/harness.ts';
import { add, material } from '../../manufacturing/__tests__/mfg-fixtures.ts';

/** Spare parts leave stock on a repair order through an approved document; the repair's cost is their ledger cost. */
describe('spare parts on repair orders', async () => {
  const { app } = await testApp();
  const t = await newTenant(app, 'sfr');
  const api = t.api;
  const depotId = await add(api, 'depot', { name: '备件仓' });
  const bearing = await material(api, '轴承6205', { price: '12.5', stock: { depotId, qty: 10 } });
  const seal = await material(api, '油封', { price: '3', stock: { depotId, qty: 4 } });
  const type = await add(api, 'deviceType', { name: '空压机' });
  const dev = await add(api, 'device', { code: 'KY-01', name: '空压机1号', deviceTypeId: type, status: 'repair' });
  const repair = await add(api, 'repairOrder', { repairNo: 'WX-P1', deviceId: dev, fault: '异响', status: 'repairing' });

  it('issues parts at ledger cost and returns the repair cost', async () => {
    const r = await api.post('/device/repair/issueParts', {
      repairOrderId: repair,
      depotId,
      lines: [
        { materialId: bearing, qty: '2' },
        { materialId: seal, qty: 4 },
      ],
    });
    expect(r.body.code, r.text).toBe(200);
    // 2 × 12.5 + 4 × 3
    expect(r.body.data.cost).toBe('37.00');
    expect(r.body.data.number).toMatch(/^QTCK/);
    const again = await api.post('/device/repair/issueParts', { repairOrderId: repair, depotId, lines: [{ materialId: bearing, qty: '1' }] });
    expect(again.body.data.cost).toBe('49.50');
    const parts = (await api.get(`/device/repair/parts?repairOrderId=${repair}`)).body.data;
    expect(parts.cost).toBe('49.50');
    expect(parts.rows.map((p: { name: string; qty: string }) => [p.name, Number(p.qty)])).toEqual([
      ['油封', 4],
      ['轴承6205', 3],
    ]);
  });

  it('refuses parts beyond stock with the oversell message, writing nothing', async () => {
    const r = await api.post('/device/repair/issueParts', { repairOrderId: repair, depotId, lines: [{ materialId: bearing, qty: '8' }] });
    expect(r.body.data.message).toContain('商品“轴承6205”在仓库“备件仓”库存不足：当前库存 7，需要 8');
    expect((await api.get(`/device/repair/parts?repairOrderId=${repair}`)).body.data.cost).toBe('49.50');
  });

  it('refuses a closed repair order and bad input', async () => {
    const closed = await add(api, 'repairOrder', { repairNo: 'WX-P2', deviceId: dev, fault: '漏气', status: 'closed' });
    const r = await api.post('/device/repair/issueParts', { repairOrderId: closed, depotId, lines: [{ materialId: seal, qty: '1' }] });
    expect(r.body.data.message).toBe('维修单 WX-P2 已关闭，不能领用备件');
    const neg = await api.post('/device/repair/issueParts', { repairOrderId: repair, depotId, lines: [{ materialId: seal, qty: '-1' }] });
    expect(neg.body.code).toBe(400);
    const missing = await api.get('/device/repair/parts?repairOrderId=999999');
    expect(missing.body.data.message).toBe('维修单不存在');
  });
});
