import { z } from 'zod';
import { defineRoute, type RouteSpec } from '../../../platform/http/route.ts';
import { accountFlow, accountStatistics } from './account.queries.ts';
import { incomeStatement, partnerStatement, trialBalance } from './ledger.queries.ts';

const tags = ['finance'];
const MONTH = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, '月份格式应为 YYYY-MM');
const paging = {
  currentPage: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(1000).default(100),
};
const ACCOUNT_MENUS = ['/system/account', '/financial/account_statistics'];

export const ledgerRoutes: RouteSpec[] = [
  defineRoute({
    method: 'GET',
    url: '/account/getStatistics',
    summary: 'Settlement accounts: the balance now and this month’s movement (账户统计)',
    tags: ['account'],
    access: { menu: ACCOUNT_MENUS },
    query: z.strictObject({ name: z.string().trim().max(50).optional(), serialNo: z.string().trim().max(50).optional() }),
    handler: ({ tx, session, query }) => accountStatistics(tx, session.tenantId, query),
  }),
  defineRoute({
    method: 'GET',
    url: '/account/findAccountInOutList',
    summary: 'One settlement account’s movements with the document and the balance after each (账户流水)',
    tags: ['account'],
    access: { menu: ACCOUNT_MENUS },
    query: z.strictObject({ accountId: z.coerce.number().int().positive(), ...paging }),
    handler: ({ tx, session, query }) => accountFlow(tx, session.tenantId, query.accountId, query),
  }),
  defineRoute({
    method: 'GET',
    url: '/finance/trialBalance',
    summary: 'Trial balance of a month: per account the opening balance, the month’s debits and credits, the closing balance',
    tags,
    access: { menu: ['/financial/account_statistics', '/report/account_report'] },
    query: z.strictObject({ period: MONTH }),
    handler: ({ tx, session, query }) => trialBalance(tx, session.tenantId, query.period),
  }),
  defineRoute({
    method: 'GET',
    url: '/finance/partnerStatement',
    summary: 'Customer or supplier reconciliation: per partner the opening balance, the months’ debits and credits, the closing balance',
    tags,
    access: { menu: ['/report/customer_account', '/report/vendor_account'] },
    query: z.strictObject({
      type: z.enum(['客户', '供应商', '会员']),
      beginMonth: MONTH,
      endMonth: MONTH,
      organId: z.coerce.number().int().positive().optional(),
      ...paging,
    }),
    handler: ({ tx, session, query }) => partnerStatement(tx, session.tenantId, query),
  }),
  defineRoute({
    method: 'GET',
    url: '/finance/incomeStatement',
    summary: 'Income statement by month of a year: revenue, cost, gross profit, other income, expenses, profit',
    tags,
    access: { menu: '/report/income_statement' },
    query: z.strictObject({ year: z.coerce.number().int().min(2000).max(2100) }),
    handler: ({ tx, session, query }) => incomeStatement(tx, session.tenantId, query.year),
  }),
];
