import { z } from 'zod';
import { defineRoute } from '../../platform/http/route.ts';
import { addMoney, auditMoney, deleteMoney, payMoney, settleDeposit } from './money.service.ts';
import { depositSummary, listMoney } from './money.queries.ts';
import { day, id, page, positive, text } from './schemas.ts';

const tags = ['bidding'];
const kind = z.enum(['deposit', 'fee']);

const MENU = { deposit: '/bidding/deposit_apply', fee: '/bidding/fee_apply' } as const;
const NAME = { deposit: 'deposit', fee: 'fee' } as const;

/** Add, delete, audit and pay of one kind of application, under its own menu. */
const applicationRoutes = (k: 'deposit' | 'fee') => [
  defineRoute({
    method: 'POST',
    url: `/bidding/${k}/add`,
    summary: `A ${NAME[k]} application (draft): audited directly, or submitted to the approval workflow when a flow is bound`,
    tags,
    access: { menu: MENU[k], btn: '1' },
    body: z.strictObject({ projectId: id, amount: positive('金额'), accountId: id.nullable().optional(), purpose: text(200) }),
    handler: ({ tx, session, req, body }) => addMoney({ tx, session, ip: req.ip }, { ...body, kind: k }),
  }),
  defineRoute({
    method: 'DELETE',
    url: `/bidding/${k}/delete`,
    summary: `Delete a draft ${NAME[k]} application`,
    tags,
    access: { menu: MENU[k], btn: '1' },
    query: z.strictObject({ id }),
    handler: ({ tx, session, req, query }) => deleteMoney({ tx, session, ip: req.ip }, query.id, k),
  }),
  defineRoute({
    method: 'POST',
    url: `/bidding/${k}/audit`,
    summary: `Approve a ${NAME[k]} application directly (refused while an approval flow is bound to its type)`,
    tags,
    access: { menu: MENU[k], btn: '2' },
    body: z.strictObject({ id }),
    handler: ({ tx, session, req, body }) => auditMoney({ tx, session, ip: req.ip }, body.id, k),
  }),
  defineRoute({
    method: 'POST',
    url: `/bidding/${k}/pay`,
    summary: k === 'deposit' ? 'Pay an approved deposit: a receivable from the tendering party' : 'Pay an approved fee: an expense',
    tags,
    access: { menu: MENU[k], btn: '2' },
    body: z.strictObject({ id, date: day, accountId: id.nullable().optional() }),
    handler: ({ tx, session, req, body }) => payMoney({ tx, session, ip: req.ip }, body.id, body.date, body.accountId, k),
  }),
];

export const moneyRoutes = [
  defineRoute({
    method: 'GET',
    url: '/bidding/money/list',
    summary: 'Deposit and fee applications with their project, approval status and what was paid, recovered or forfeited',
    tags,
    access: 'user',
    query: z.strictObject({
      kind: kind.optional(),
      projectId: id.optional(),
      payState: z.enum(['unpaid', 'paid', 'recovered', 'forfeited']).optional(),
      status: z.enum(['0', '1', '9']).optional(),
      number: z.string().trim().max(30).optional(),
      ...page,
    }),
    handler: ({ tx, session, query }) => listMoney(tx, session.tenantId, query),
  }),
  ...(['deposit', 'fee'] as const).flatMap((k) => applicationRoutes(k)),
  defineRoute({
    method: 'POST',
    url: '/bidding/deposit/recover',
    summary: 'Deposit recovery: the money comes back and clears the receivable',
    tags,
    access: { menu: '/bidding/deposit_recover', btn: '1' },
    body: z.strictObject({ id, date: day, accountId: id.nullable().optional() }),
    handler: ({ tx, session, req, body }) => settleDeposit({ tx, session, ip: req.ip }, body.id, 'recovered', body.date, body.accountId),
  }),
  defineRoute({
    method: 'POST',
    url: '/bidding/deposit/forfeit',
    summary: 'Forfeit a deposit: the receivable is cleared to an expense',
    tags,
    access: { menu: '/bidding/deposit_recover', btn: '1' },
    body: z.strictObject({ id, date: day }),
    handler: ({ tx, session, req, body }) => settleDeposit({ tx, session, ip: req.ip }, body.id, 'forfeited', body.date),
  }),
  defineRoute({
    method: 'GET',
    url: '/bidding/deposit/summary',
    summary: 'Deposit summary: deposits still out (from the journal) by project and party with their age; overdue N days after the result',
    tags,
    access: 'user',
    query: z.strictObject({ overdueDays: z.coerce.number().int().min(0).max(3650).default(30) }),
    handler: ({ tx, session, query }) => depositSummary(tx, session.tenantId, query.overdueDays),
  }),
];
