/**
 * One small definition per finance report screen (docs/finance.md "Reports"): the GET url (its export is
 * `<url>/exportExcel`), the columns, the filters, fixed parameters, and where a click on a row leads.
 * The generic screen (fin-report-page.tsx) does the rest.
 */
export type FinFilter = 'period' | 'months' | 'year' | 'partner' | 'settlementAccount' | 'ledgerAccount' | 'name' | 'settleType' | 'dates' | 'asOf';

export interface FinReportColumn {
  key: string;
  money?: boolean;
  width?: number;
  /** a click on this cell drills down (see `drill`) */
  link?: boolean;
}

/** Where a row's link leads: another report with filters taken from the row, or the row's source document. */
export type FinDrill = { to: string; values: (row: Record<string, unknown>, search: Record<string, unknown>) => Record<string, unknown> } | 'document';

export interface FinReportDef {
  url: string;
  columns: FinReportColumn[];
  filters: FinFilter[];
  /** parameters the screen always sends (the ageing's 应收/应付, the statement's partner type) */
  fixed?: Record<string, string>;
  /** the search needs one of these filters before it runs */
  requires?: string[];
  drill?: FinDrill;
  /** the opening and closing balances above the table (general ledger) */
  balances?: boolean;
}

const m = (key: string, width = 120): FinReportColumn => ({ key, money: true, width });
const DOC_COLUMNS: FinReportColumn[] = [
  { key: 'operTime', width: 110 },
  { key: 'number', width: 190, link: true },
];
export const LEDGER = '/financial/general_ledger';
export const TRIAL = '/financial/trial_balance';
export const FLOW = '/report/account_report';
const ALL_TIME = '2000-01';

const statement = (type: string): FinReportDef => ({
  url: '/finance/partnerStatement',
  columns: [{ key: 'organName', width: 200, link: true }, m('opening'), m('debit'), m('credit'), m('closing')],
  filters: ['months', 'partner'],
  fixed: { type },
  drill: { to: LEDGER, values: (r, s) => ({ organId: r.organId, months: s.months }) },
});

const ageing = (type: string): FinReportDef => ({
  url: '/finance/ageing',
  columns: [{ key: 'organName', width: 200, link: true }, { key: 'docs', width: 80 }, m('total'), m('d0_30'), m('d31_60'), m('d61_90'), m('d90')],
  filters: ['partner', 'asOf'],
  fixed: { type },
  drill: { to: LEDGER, values: (r) => ({ organId: r.organId, months: [ALL_TIME, undefined] }) },
});

export const FIN_REPORTS: Record<string, FinReportDef> = {
  [TRIAL]: {
    url: '/finance/trialBalance',
    columns: [{ key: 'code', width: 110 }, { key: 'name', width: 200, link: true }, m('opening'), m('debit'), m('credit'), m('closing')],
    filters: ['period'],
    requires: ['period'],
    drill: { to: LEDGER, values: (r, s) => ({ accountId: r.accountId, months: [s.period, s.period] }) },
  },
  [LEDGER]: {
    url: '/finance/generalLedger',
    columns: [
      ...DOC_COLUMNS,
      { key: 'docType', width: 100 },
      { key: 'accountName', width: 160 },
      { key: 'organName', width: 140 },
      m('debit'),
      m('credit'),
      m('balance'),
    ],
    filters: ['ledgerAccount', 'partner', 'months'],
    requires: ['accountId', 'organId'],
    drill: 'document',
    balances: true,
  },
  '/financial/receivable_ageing': ageing('应收'),
  '/financial/payable_ageing': ageing('应付'),
  '/report/customer_account': statement('客户'),
  '/report/vendor_account': statement('供应商'),
  '/report/income_statement': {
    url: '/finance/incomeStatement',
    columns: [{ key: 'month', width: 80, link: true }, m('revenue'), m('cost'), m('grossProfit'), m('otherIncome'), m('expenses'), m('profit')],
    filters: ['year'],
    requires: ['year'],
    drill: { to: TRIAL, values: (r, s) => ({ period: `${String(s.year)}-${String(r.month).padStart(2, '0')}` }) },
  },
  '/report/income_expense': {
    url: '/finance/incomeExpense',
    columns: [{ key: 'code', width: 110 }, { key: 'name', width: 200, link: true }, m('income'), m('expense')],
    filters: ['months'],
    requires: ['months'],
    drill: { to: LEDGER, values: (r, s) => ({ accountId: r.accountId, months: s.months }) },
  },
  '/financial/account_statistics': {
    url: '/finance/accountBalances',
    columns: [{ key: 'name', width: 180, link: true }, { key: 'serialNo', width: 120 }, m('initialAmount'), m('monthAmount'), m('currentAmount')],
    filters: ['name'],
    drill: { to: FLOW, values: (r) => ({ accountId: r.accountId }) },
  },
  '/financial/write_off_detail': {
    url: '/finance/writeOffDetail',
    columns: [
      { key: 'settleTime', width: 110 },
      { key: 'number', width: 190, link: true },
      { key: 'organName', width: 140 },
      { key: 'billNumber', width: 190 },
      { key: 'billType', width: 90 },
      { key: 'billTime', width: 110 },
      m('billAmount'),
      m('settled'),
      m('remaining'),
      { key: 'invoices', width: 220 },
      m('invoiced'),
    ],
    filters: ['settleType', 'partner', 'dates'],
    drill: 'document',
  },
  [FLOW]: {
    url: '/account/findAccountInOutList',
    columns: [...DOC_COLUMNS, { key: 'type', width: 100 }, { key: 'organName', width: 160 }, m('changeAmount'), m('balance')],
    filters: ['settlementAccount'],
    requires: ['accountId'],
    drill: 'document',
  },
};
