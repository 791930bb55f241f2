import { describe, expect, it } from 'vitest';
import { newTenant, testApp } from '../../../test-support/harness.ts';
import { line, saved, world } from './fixtures.ts';

// Issue 11 item 6: the material picker showed 库存 0 right after 10 were received and approved
describe('material picker stock', async () => {
  const { app } = await testApp();
  const t = await newTenant(app, 'pick');
  const w = await world(t.api);
  await w.material('订书机', 'STAPLER1');
  const pickerStock = async (depotId?: number) =>
    (await t.api.get(`/material/findBySelect?q=STAPLER1${depotId ? `&depotId=${depotId}` : ''}`)).body.data.rows[0].stock as number;

  it('shows the balance after every committed posting, per warehouse and in total', async () => {
    expect(await pickerStock(w.depotA)).toBe(0);
    await saved(t.api, '入库', '采购', [line('STAPLER1', 10, 8, w.depotA)], { organId: w.supplier });
    expect(await pickerStock(w.depotA)).toBe(10);
    await saved(t.api, '出库', '销售', [line('STAPLER1', 3, 12, w.depotA)], { organId: w.customer });
    expect(await pickerStock(w.depotA)).toBe(7);
    expect(await pickerStock(w.depotB)).toBe(0);
    expect(await pickerStock()).toBe(7);
  });
});
