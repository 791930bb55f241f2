import { z } from 'zod';
import { defineRoute, type RouteSpec } from '../../../platform/http/route.ts';
import { defineFinReport, finPaging } from '../reports/fin-report.ts';
import { closePeriod, closingBalances, periodEvents, periodList, reopenPeriod } from './period-close.service.ts';

const MONTH = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, '月份格式应为 YYYY-MM');
/** 期末结账: seeing the months needs the menu; closing and reopening need its button 1 (a role grants both). */
export const PERIOD_MENU = '/financial/period_close';
const money = (key: string, header: string) => ({ key, header, width: 14 });

export const periodRoutes: RouteSpec[] = [
  defineRoute({
    method: 'GET',
    url: '/finance/period/list',
    summary: 'The months of the books, newest first: closed or open, when, and the last close or reopen with its reason',
    tags: ['finance'],
    access: { menu: PERIOD_MENU },
    query: z.strictObject(finPaging),
    handler: ({ tx, session, query }) => periodList(tx, session.tenantId, query),
  }),
  defineRoute({
    method: 'GET',
    url: '/finance/period/events',
    summary: 'Who closed and reopened a month, and why',
    tags: ['finance'],
    access: { menu: PERIOD_MENU },
    query: z.strictObject({ period: MONTH }),
    handler: ({ tx, session, query }) => periodEvents(tx, session.tenantId, query.period),
  }),
  defineRoute({
    method: 'POST',
    url: '/finance/period/close',
    summary: 'Closes a month (and every earlier open month with postings): writes the closing balances; nothing posts into it afterwards',
    tags: ['finance'],
    access: { menu: PERIOD_MENU, btn: '1' },
    body: z.strictObject({ period: MONTH }),
    handler: ({ tx, session, body, req }) => closePeriod({ tx, session, ip: req.ip }, body.period),
  }),
  defineRoute({
    method: 'POST',
    url: '/finance/period/reopen',
    summary: 'Reopens the latest closed month, with a reason (logged); its closing balances are dropped until it closes again',
    tags: ['finance'],
    access: { menu: PERIOD_MENU, btn: '1' },
    body: z.strictObject({ period: MONTH, reason: z.string().max(200).optional() }),
    handler: ({ tx, session, body, req }) => reopenPeriod({ tx, session, ip: req.ip }, body.period, body.reason ?? ''),
  }),
  ...defineFinReport({
    url: '/finance/closingBalances',
    menu: [PERIOD_MENU, '/financial/trial_balance'],
    title: '期末余额',
    summary: 'The closing balances a closed month carried forward, per account and partner',
    filters: { period: MONTH },
    columns: [
      { key: 'code', header: '科目编码' },
      { key: 'name', header: '科目名称', width: 24 },
      { key: 'organName', header: '往来单位', width: 18 },
      money('debit', '累计借方'),
      money('credit', '累计贷方'),
      money('balance', '期末余额'),
    ],
    run: (tx, s, f, page) => closingBalances(tx, s.tenantId, f.period, page),
  }),
];
