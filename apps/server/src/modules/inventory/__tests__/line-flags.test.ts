import { describe, expect, it } from 'vitest';
import { newTenant, testApp } from '../../../test-support/harness.ts';
import { detail, line, saved, world } from './fixtures.ts';

describe('document lines carry their material’s batch and serial flags', async () => {
  const { app } = await testApp();
  const t = await newTenant(app, 'lflg');
  const w = await world(t.api);
  await w.material('牛奶', 'MILK', { enableBatchNumber: true });
  await w.material('手机', 'PHONE', { enableSerialNumber: true });
  await w.material('钢笔', 'PEN');
  const keeper = await t.api.post('/person/add', { name: '王仓管', type: '仓管员' });
  expect(keeper.body.code, keeper.text).toBe(200);

  it('returns enableBatchNumber / enableSerialNumber per line, and the header’s handler and order type', async () => {
    const doc = await saved(
      t.api,
      '入库',
      '采购',
      [
        line('MILK', 2, 3, w.depotA, { batchNumber: 'B1', expirationDate: '2027-01-31' }),
        line('PHONE', 1, 900, w.depotA, { snList: 'SN-1' }),
        line('PEN', 5, 2, w.depotA),
      ],
      { organId: w.supplier, handsPersonId: keeper.body.data.id, orderType: '1' },
    );
    const r = await t.api.get(`/depotItem/getDetailList?headerId=${doc.id}`);
    expect(r.body.code, r.text).toBe(200);
    const flags = r.body.data.rows.map((l: { barCode: string; enableBatchNumber: boolean; enableSerialNumber: boolean }) => [
      l.barCode,
      l.enableBatchNumber,
      l.enableSerialNumber,
    ]);
    expect(flags).toEqual([
      ['MILK', true, false],
      ['PHONE', false, true],
      ['PEN', false, false],
    ]);
    const d = await detail(t.api, doc.number);
    expect(d.rows.map((l: { enableBatchNumber: boolean }) => l.enableBatchNumber)).toEqual([true, false, false]);
    expect(d).toMatchObject({ handsPersonId: keeper.body.data.id, handsPersonName: '王仓管', orderType: '1' });
  });
});
