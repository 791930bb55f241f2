import { describe, expect, it } from 'vitest';
import { newTenant, testApp } from '../../../../test-support/harness.ts';
import { data, movements, userWithRole } from './scenario.ts';

describe('the inventory-alerts screen reads its warning list with its own menu', async () => {
  const { app } = await testApp();
  const t = await newTenant(app, 'alrt');
  await movements(t.api);
  const alertsOnly = await userWithRole(app, t.api, { '/depot/inventory_alert': '' });
  const neither = await userWithRole(app, t.api, { '/report/material_stock': '' });

  it('lets a role with only 库存预警 alerts read the warning rows and counts, as the report menu would', async () => {
    const full = await data(t.api, '/report/stockWarning');
    const rows = await data(alertsOnly.api, '/report/stockWarning');
    expect(rows.total).toBeGreaterThan(0);
    expect(rows).toEqual(full);
    expect(rows.rows.map((r: { materialName: string; warningType: string; shortfall: number }) => [r.materialName, r.warningType, r.shortfall])).toContainEqual(
      ['墨水', 'low', 5],
    );
    expect((await data(alertsOnly.api, '/depot/inventoryAlerts')).belowMin).toBe(rows.total);
    // exporting still needs button 3
    expect((await alertsOnly.api.get('/report/stockWarning/exportExcel')).status).toBe(403);
  });

  it('refuses a role with neither menu', async () => {
    expect((await neither.api.get('/report/stockWarning')).status).toBe(403);
    expect((await neither.api.get('/depot/inventoryAlerts')).status).toBe(403);
  });
});
