import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { Screen } from '../../shell/screen.ts';

/** Project screens by menu url (issue 19). */
export const PROJECT_SCREENS: Record<string, Screen> = {
  '/project/list': lazy(() => import('./project-list-page.tsx').then((m) => ({ default: m.ProjectListPage }))),
  '/project/panel': lazy(() => import('./panel-page.tsx').then((m) => ({ default: m.ProjectPanelPage }))),
  '/bill/procurement_needs': lazy(() => import('./needs-page.tsx').then((m) => ({ default: m.NeedsPage }))),
  '/project/report': lazy(() => import('./report-page.tsx').then((m) => ({ default: m.ProjectReportPage }))),
  '/project/workbench': lazy(() => import('./workbench-page.tsx').then((m) => ({ default: m.ProjectWorkbenchPage }))),
  '/project/archive': lazy(() => import('./archive-page.tsx').then((m) => ({ default: m.archiveScreen('/project/archive') }))),
  '/project/contract_archive': lazy(() => import('./archive-page.tsx').then((m) => ({ default: m.archiveScreen('/project/contract_archive') }))),
  ...Object.fromEntries(
    [
      '/project/task',
      '/project/contract',
      '/project/collection',
      '/project/payment',
      '/project/expenses',
      '/project/risk',
      '/project/acceptance',
      '/project/after_sales',
      '/project/summary',
      '/project/deliverables',
    ].map((url) => [url, lazy(() => import('./records-page.tsx').then((m) => ({ default: m.recordsScreen(url) })))]),
  ),
};

const forms = () => import('./project-forms.tsx');
const money = () => import('./money-forms.tsx');
const docs = () => import('./docs-forms.tsx');
const org = () => import('./org-forms.tsx');
/** The full-page forms of the /blank routes (SPEC §2.1): every one of them. */
export const PROJECT_BLANK_SCREENS: Record<string, LazyExoticComponent<ComponentType>> = {
  newProject: lazy(() => forms().then((m) => ({ default: m.NewProjectPage }))),
  newTask: lazy(() => forms().then((m) => ({ default: m.NewTaskPage }))),
  projectDetail: lazy(() => import('./project-detail-page.tsx').then((m) => ({ default: m.ProjectDetailPage }))),
  newCollection: lazy(() => money().then((m) => ({ default: m.NewCollectionPage }))),
  newPayment: lazy(() => money().then((m) => ({ default: m.NewPaymentPage }))),
  newExpenses: lazy(() => money().then((m) => ({ default: m.NewExpensesPage }))),
  newContracts: lazy(() => money().then((m) => ({ default: m.NewContractPage }))),
  newRisk: lazy(() => money().then((m) => ({ default: m.NewRiskPage }))),
  newAcceptance: lazy(() => docs().then((m) => ({ default: m.NewAcceptancePage }))),
  newAfterSales: lazy(() => docs().then((m) => ({ default: m.NewAfterSalesPage }))),
  newProblem: lazy(() => docs().then((m) => ({ default: m.NewProblemPage }))),
  newSummary: lazy(() => docs().then((m) => ({ default: m.NewSummaryPage }))),
  newDeliverables: lazy(() => docs().then((m) => ({ default: m.NewDeliverablePage }))),
  addNewWork: lazy(() => import('./time-page.tsx').then((m) => ({ default: m.AddNewWorkPage }))),
  newOrganization: lazy(() => org().then((m) => ({ default: m.NewOrganizationPage }))),
  warrantyProject: lazy(() => org().then((m) => ({ default: m.WarrantyProjectPage }))),
  newOnline: lazy(() => org().then((m) => ({ default: m.NewOnlinePage }))),
  newResourcePricing: lazy(() => org().then((m) => ({ default: m.NewResourcePricingPage }))),
  newProcurementNeeds: lazy(() => import('./needs-form.tsx').then((m) => ({ default: m.NewProcurementNeedsPage }))),
};
