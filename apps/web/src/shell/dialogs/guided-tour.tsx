import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { Tour, type TourProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { cache } from '../../platform/storage.ts';
import { HOME_PATH } from '../menu-model.ts';

/** Bumping the version shows the tour again to everyone (SPEC §4). */
export const TOUR_VERSION = '3.3';
/** SPEC §9 says 10 days; 10 days are 864e6 ms (the 864e7 written next to it would be 100 days). */
export const TOUR_TTL_MS = 10 * 864e5;
export const tourKey = (path: string) => `tour:${path}`;

/** Steps per page: [target selector, title key, description key]. */
const STEPS: Record<string, Array<[string, string, string]>> = {
  [HOME_PATH]: [
    ['#erp-menu-search', 'tour.searchTitle', 'tour.searchDesc'],
    ['[data-testid="sider"], [data-testid="top-menu"]', 'tour.menuTitle', 'tour.menuDesc'],
    ['#erp-tab-bar', 'tour.tabsTitle', 'tour.tabsDesc'],
    ['#erp-bell', 'tour.bellTitle', 'tour.bellDesc'],
    ['#erp-user-menu', 'tour.userTitle', 'tour.userDesc'],
  ],
};

/** First-visit guided tour, remembered per page for 10 days (SPEC §2.3, §4, §9). */
export function GuidedTour() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const [open, setOpen] = useState(false);
  const [steps, setSteps] = useState<TourProps['steps']>([]);

  useEffect(() => {
    const defs = STEPS[pathname];
    if (!defs || cache.get<string>(tourKey(pathname)) === TOUR_VERSION) return;
    // wait a moment so the shell has laid out the elements the steps point at
    const timer = setTimeout(() => {
      const present = defs.filter(([sel]) => document.querySelector(sel));
      setSteps(
        present.map(([sel, title, desc], i) => ({
          title: t(title),
          description: t(desc),
          target: () => document.querySelector<HTMLElement>(sel)!,
          prevButtonProps: { children: t('tour.prev') },
          nextButtonProps: { children: i === present.length - 1 ? t('tour.finish') : t('tour.next') },
        })),
      );
      setOpen(present.length > 0);
    }, 600);
    return () => clearTimeout(timer);
  }, [pathname, t]);

  const remember = () => {
    cache.set(tourKey(pathname), TOUR_VERSION, TOUR_TTL_MS);
    setOpen(false);
  };

  return <Tour open={open} steps={steps} onClose={remember} onFinish={remember} data-testid="guided-tour" />;
}
