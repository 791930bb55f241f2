import { z } from 'zod';
import { defineRoute } from '../../../platform/http/route.ts';
import { depotPanelData, salePanelData } from './panels.ts';
import { inventoryAlerts } from './warning.ts';

/** The two panels and the alert badge (each report's own pair of routes comes from defineReport). */
export const panelRoutes = [
  defineRoute({
    method: 'GET',
    url: '/depot/panelData',
    summary: 'Warehouse panel: stock per warehouse, items below safety stock, inbound/outbound documents today and this month',
    tags: ['report'],
    access: { menu: '/depot/panel' },
    query: z.strictObject({}),
    handler: ({ tx, session }) => depotPanelData(tx, session),
  }),
  defineRoute({
    method: 'GET',
    url: '/depotHead/salePanelData',
    summary: 'Sales panel: sales today and this month, top customers and items of the month, open sales orders',
    tags: ['report'],
    access: { menu: '/bill/sale_panel' },
    query: z.strictObject({}),
    handler: ({ tx, session }) => salePanelData(tx, session),
  }),
  defineRoute({
    method: 'GET',
    url: '/depot/inventoryAlerts',
    summary: 'Counts of stock below min, above max, batches expiring within 30 days and expired batches (dashboard badge)',
    tags: ['report'],
    access: { menu: ['/depot/inventory_alert', '/report/stock_warning'] },
    query: z.strictObject({}),
    handler: ({ tx, session }) => inventoryAlerts(tx, session),
  }),
];
