import { defineRoute } from '../../../platform/http/route.ts';
import { managementTwo } from './board.service.ts';
import { operationsBoard, warningBoard, workbench } from './boards.service.ts';
import { procurementBoard } from './procurement-board.service.ts';
import { purchaseWorkbench } from './purchase-workbench.service.ts';

const tags = ['board'];

export const boardRoutes = [
  defineRoute({
    method: 'GET',
    url: '/board/management/two',
    summary: 'Management board, sales side: ordered, shipped and returned amounts this and last month, 12 months, top 5 customers',
    tags,
    access: 'user',
    handler: ({ tx, session }) => managementTwo(tx, session, 'sale'),
  }),
  defineRoute({
    method: 'GET',
    url: '/board/management/two/buy',
    summary: 'Management board, purchase side: ordered, received and returned amounts this and last month, 12 months, top 5 suppliers',
    tags,
    access: 'user',
    handler: ({ tx, session }) => managementTwo(tx, session, 'buy'),
  }),
  defineRoute({
    method: 'GET',
    url: '/board/warningData',
    summary: 'Early warning board: stock below/above safety, expiring and expired batches, overdue receivables and payables, late orders',
    tags,
    access: { menu: '/board/warning' },
    handler: ({ tx, session }) => warningBoard(tx, session),
  }),
  defineRoute({
    method: 'GET',
    url: '/board/operationsData',
    summary: 'Business operations board: 30 days of net sales and purchases, this month against last, top customers, what is owed',
    tags,
    access: { menu: '/board/operations' },
    handler: ({ tx, session }) => operationsBoard(tx, session),
  }),
  defineRoute({
    method: 'GET',
    url: '/board/workbenchData',
    summary: 'Workbenches (global, business, depot): figures of today and this month from the summary rows, each with its list',
    tags,
    access: { menu: '/board/workbench' },
    handler: ({ tx, session }) => workbench(tx, session),
  }),
  defineRoute({
    method: 'GET',
    url: '/board/procurementData',
    summary: 'Procurement board: purchases by month, open purchase orders and late lines, top suppliers with on-time and pass rates, requests awaiting order',
    tags,
    access: { menu: '/board/procurement' },
    handler: ({ tx, session }) => procurementBoard(tx, session),
  }),
  defineRoute({
    method: 'GET',
    url: '/board/purchaseWorkbenchData',
    summary:
      'Purchase workbench: to-dos (requests awaiting order, orders and inbounds to audit, late lines, arrivals to receive, proposals), key figures, shortcuts',
    tags,
    access: { menu: '/board/purchase_workbench' },
    handler: ({ tx, session }) => purchaseWorkbench(tx, session),
  }),
];
