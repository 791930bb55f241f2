import { defineRoute, type RouteSpec } from '../../../platform/http/route.ts';
import { dataPanel } from './data-panel.ts';
import { makeGlobal } from './make-global.ts';

const tags = ['manufacturing'];

/** 生产数据面板 and the make-global workbench (issue 16). */
export const panelRoutes: RouteSpec[] = [
  defineRoute({
    method: 'GET',
    url: '/manufacture/dataPanelData',
    summary:
      'Manufacturing data panel: make orders by state (last 90 days), output per day and top products (last 30 days, finished operations), late orders, load per work centre for the next 2 weeks',
    tags,
    access: { menu: '/manufacture/data_panel' },
    handler: ({ tx, session }) => dataPanel(tx, session.tenantId),
  }),
  defineRoute({
    method: 'GET',
    url: '/manufacture/makeGlobalData',
    summary:
      "The production head's workbench (make-global): orders to release, proposals to confirm, late work orders, units held for inspection, today's tasks, output today and this week",
    tags,
    access: { menu: '/manufacture/make_global' },
    handler: ({ tx, session }) => makeGlobal(tx, session.tenantId),
  }),
];
