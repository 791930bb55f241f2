import { z } from 'zod';
import { defineRoute } from '../../platform/http/route.ts';
import { chartOf } from '../finance/index.ts';
import { addMoney, deleteMoney, projectPnl, type MoneyKind } from './money.service.ts';
import { addContract, addRisk, listContracts } from './contract.service.ts';
import { listMoney, projectPanel } from './project.queries.ts';
import { day, id, positive, text } from './schemas.ts';

const tags = ['project'];
const LIST = '/project/list';
/** Each kind of money has its menu (SPEC §2.2 project area). */
const MENU: Record<MoneyKind, string> = { collection: '/project/collection', payment: '/project/payment', expense: '/project/expenses' };
const URL: Record<MoneyKind, string> = { collection: 'collection', payment: 'payment', expense: 'expenses' };
const LABEL: Record<MoneyKind, string> = {
  collection: 'collection (收款: Dr bank / Cr revenue)',
  payment: 'payment (付款: Dr cost / Cr bank)',
  expense: 'expense (费用: Dr 管理费用 / Cr bank)',
};

const moneyRoutesOf = (kind: MoneyKind) => [
  defineRoute({
    method: 'POST',
    url: `/project/${URL[kind]}/add`,
    summary: `Record a project ${LABEL[kind]}, posted through the finance journal in the same transaction`,
    tags,
    access: { menu: MENU[kind], btn: '1' },
    body: z.strictObject({
      projectId: id,
      billDate: day,
      amount: positive('金额'),
      accountId: id.nullable().optional(),
      partnerId: id.nullable().optional(),
      contractId: id.nullable().optional(),
      milestoneId: id.nullable().optional(),
      remark: text(500).nullable().optional(),
    }),
    handler: ({ tx, session, req, body }) => addMoney({ tx, session, ip: req.ip }, { ...body, kind }),
  }),
  defineRoute({
    method: 'GET',
    url: `/project/${URL[kind]}/list`,
    summary: `A project’s ${kind} records`,
    tags,
    access: { menu: MENU[kind] },
    query: z.strictObject({ projectId: id }),
    handler: ({ tx, session, query }) => listMoney(tx, session, query.projectId, kind),
  }),
];

export const moneyRoutes = [
  ...moneyRoutesOf('collection'),
  ...moneyRoutesOf('payment'),
  ...moneyRoutesOf('expense'),
  defineRoute({
    method: 'POST',
    url: '/project/money/delete',
    summary: 'Delete a collection, payment or expense: its journal entry is reversed',
    tags,
    access: { menu: LIST, btn: '1' },
    body: z.strictObject({ id }),
    handler: ({ tx, session, req, body }) => deleteMoney({ tx, session, ip: req.ip }, body.id),
  }),
  defineRoute({
    method: 'GET',
    url: '/project/money/list',
    summary: 'All money records of a project',
    tags,
    access: { menu: LIST },
    query: z.strictObject({ projectId: id }),
    handler: ({ tx, session, query }) => listMoney(tx, session, query.projectId),
  }),
  defineRoute({
    method: 'GET',
    url: '/project/pnl',
    summary: 'A project’s P&L read from the journal lines its money records posted (income, cost, expense, profit)',
    tags,
    access: { menu: LIST },
    query: z.strictObject({ projectId: id }),
    handler: ({ tx, session, query }) => projectPnl(tx, session, query.projectId),
  }),
  defineRoute({
    method: 'GET',
    url: '/project/panel',
    summary: 'The project panel: projects by status, income and cost from the journal, the top 10 projects by income',
    tags,
    access: { menu: '/project/panel' },
    handler: async ({ tx, session }) => {
      const chart = await chartOf(tx, session.tenantId);
      return projectPanel(tx, session, chart.revenue, [chart.cogs, chart.otherExpense]);
    },
  }),
  defineRoute({
    method: 'POST',
    url: '/project/contract/add',
    summary: 'Add a contract with its payment milestones (their sum may not pass the contract amount)',
    tags,
    access: { menu: '/project/contract', btn: '1' },
    body: z.strictObject({
      projectId: id,
      name: z.string().trim().min(1, '合同名称不能为空').max(100),
      partnerId: id.nullable().optional(),
      amount: positive('合同金额'),
      signDate: day,
      remark: text(500).nullable().optional(),
      milestones: z
        .array(z.strictObject({ name: z.string().trim().min(1, '付款节点名称不能为空').max(100), dueDate: day, amount: positive('节点金额') }))
        .max(100),
    }),
    handler: ({ tx, session, req, body }) => addContract({ tx, session, ip: req.ip }, body),
  }),
  defineRoute({
    method: 'GET',
    url: '/project/contract/list',
    summary: 'A project’s contracts with their milestones and what was collected against each',
    tags,
    access: { menu: '/project/contract' },
    query: z.strictObject({ projectId: id }),
    handler: ({ tx, session, query }) => listContracts(tx, session, query.projectId),
  }),
  defineRoute({
    method: 'POST',
    url: '/project/risk/add',
    summary: 'Add a risk (probability and impact 1–5, owner, warning date)',
    tags,
    access: { menu: '/project/risk', btn: '1' },
    body: z.strictObject({
      projectId: id,
      name: z.string().trim().min(1, '风险名称不能为空').max(100),
      probability: z.number().int().min(1, '概率为1到5').max(5, '概率为1到5'),
      impact: z.number().int().min(1, '影响为1到5').max(5, '影响为1到5'),
      ownerId: id.nullable().optional(),
      warnDate: day.nullable().optional(),
      remark: text(500).nullable().optional(),
    }),
    handler: ({ tx, session, req, body }) => addRisk({ tx, session, ip: req.ip }, body),
  }),
];
