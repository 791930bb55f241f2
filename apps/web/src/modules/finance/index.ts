import { lazy } from 'react';
import type { Screen } from '../../shell/screen.ts';
// the plain table of types, not the package index: that would pull zod into the shell's chunk
import { FIN_DOC_TYPES } from '@erp/entities/finance-types';

// the report menus, listed here so the report definitions stay out of the shell's chunk
const REPORT_PATHS = [
  '/financial/trial_balance',
  '/financial/general_ledger',
  '/financial/receivable_ageing',
  '/financial/payable_ageing',
  '/financial/account_statistics',
  '/report/customer_account',
  '/report/vendor_account',
  '/report/income_statement',
  '/report/income_expense',
  '/report/account_report',
  '/financial/write_off_detail',
];

/** Finance screens by menu url: one list (with its form) per finance document type, and the reports (docs/finance.md). */
export const FINANCE_SCREENS: Record<string, Screen> = {
  ...Object.fromEntries(FIN_DOC_TYPES.map((d) => [d.menu, lazy(() => import('./finance-list-page.tsx').then((m) => ({ default: m.financeScreen(d.key) })))])),
  ...Object.fromEntries(
    ['/financial/receivable_invoice', '/financial/payable_invoice'].map((p) => [
      p,
      lazy(() => import('./invoice/invoice-page.tsx').then((m) => ({ default: m.invoiceScreen(p) }))),
    ]),
  ),
  '/financial/period_close': lazy(() => import('./period/period-close-page.tsx').then((m) => ({ default: m.PeriodClosePage }))),
  '/financial/workbench': lazy(() => import('./workbench/workbench-page.tsx').then((m) => ({ default: m.FinanceWorkbenchPage }))),
  ...Object.fromEntries(REPORT_PATHS.map((p) => [p, lazy(() => import('./reports/fin-report-page.tsx').then((m) => ({ default: m.finReportScreen(p) })))])),
};
