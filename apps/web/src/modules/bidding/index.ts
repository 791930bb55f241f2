import { lazy } from 'react';
import type { Screen } from '../../shell/screen.ts';

const projects = lazy(() => import('./project-page.tsx').then((m) => ({ default: m.ProjectPage })));
const moneyPage = lazy(() => import('./money-page.tsx').then((m) => ({ default: m.MoneyPage })));
const bidders = lazy(() => import('./bidders-page.tsx').then((m) => ({ default: m.BiddersPage })));
const reviews = lazy(() => import('./review-page.tsx').then((m) => ({ default: m.ReviewPage })));

/** Bidding screens by menu url (issue 21, docs/bidding.md): one page per kind, keyed by the screen's step. */
export const BIDDING_SCREENS: Record<string, Screen> = {
  '/bidding/project_info': projects,
  '/bidding/project_status': projects,
  '/bidding/tender_item': projects,
  '/bidding/survey': projects,
  '/bidding/proposal_request': projects,
  '/bidding/deposit_apply': moneyPage,
  '/bidding/fee_apply': moneyPage,
  '/bidding/deposit_recover': moneyPage,
  '/bidding/competitor': bidders,
  '/bidding/opening': bidders,
  '/bidding/winning_result': bidders,
  '/bidding/qualification': reviews,
  '/bidding/document_review': reviews,
  '/bidding/winning_detail': lazy(() => import('./analysis-page.tsx').then((m) => ({ default: m.AnalysisPage }))),
  '/bidding/deposit_summary': lazy(() => import('./summary-page.tsx').then((m) => ({ default: m.SummaryPage }))),
  '/bidding/dashboard': lazy(() => import('./dashboard-page.tsx').then((m) => ({ default: m.DashboardPage }))),
  '/bidding/workbench': lazy(() => import('./workbench-page.tsx').then((m) => ({ default: m.WorkbenchPage }))),
};
