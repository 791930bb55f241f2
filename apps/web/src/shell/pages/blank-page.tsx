import { Suspense, useEffect } from 'react';
import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ExceptionPage } from './exception-page.tsx';
import { BLANK_SCREENS } from '../../modules/screens.ts';

/** SPEC §2.1 children of /blank (full-page project forms), each built in modules/screens.ts; any other page is a 404. */
export const BLANK_PAGES = [
  'newProject',
  'projectDetail',
  'warrantyProject',
  'newTask',
  'addNewWork',
  'newContracts',
  'newRisk',
  'newOrganization',
  'newAcceptance',
  'newAfterSales',
  'newOnline',
  'newSummary',
  'newCollection',
  'newDeliverables',
  'newExpenses',
  'newPayment',
  'newResourcePricing',
  'newProcurementNeeds',
  'newProblem',
];

export function BlankPage() {
  const { t } = useTranslation();
  const { page = '' } = useParams();
  const known = BLANK_PAGES.includes(page);
  const title = known ? t(`blank.${page}`) : '';
  useEffect(() => {
    if (known) document.title = `${title} - ${t('app.title')}`;
  }, [known, title, t]);
  const Built = known ? BLANK_SCREENS[page as keyof typeof BLANK_SCREENS] : undefined;
  if (!Built) return <ExceptionPage code="404" />;
  return (
    <Suspense fallback={null}>
      <Built />
    </Suspense>
  );
}
