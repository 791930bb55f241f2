import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { Button, Tour, type TourProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { cache } from '../../platform/storage.ts';
import { HOME_PATH } from '../menu-model.ts';

import { TOUR_TTL_MS, TOUR_VERSION, tourKey } from './tour-memory.ts';

export { TOUR_TTL_MS, TOUR_VERSION, tourKey };

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

/** Above antd's notifications (2050) and messages (2010), so its buttons are never covered. */
const TOUR_Z_INDEX = 2100;

/**
 * First-visit guided tour, remembered per page for 864e7 ms (SPEC §2.3, §4, §9). The same steps at
 * every width: a step whose target is not on screen (the sider on a phone) is shown centred. No mask,
 * so the page stays usable; Esc, the × and 跳过 close it like 知道了.
 */
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
      setSteps(
        defs.map(([sel, title, desc], i) => ({
          title: t(title),
          description: t(desc),
          target: (() => document.querySelector<HTMLElement>(sel)) as () => HTMLElement, // null: centred
          prevButtonProps: { children: t('tour.prev') },
          nextButtonProps: { children: i === defs.length - 1 ? t('tour.finish') : t('tour.next') },
        })),
      );
      setOpen(true);
    }, 600);
    return () => clearTimeout(timer);
  }, [pathname, t]);

  const remember = () => {
    cache.set(tourKey(pathname), TOUR_VERSION, TOUR_TTL_MS);
    setOpen(false);
  };

  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && remember();
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  });

  return (
    <Tour
      open={open}
      steps={steps}
      mask={false}
      // rc-tour still lays a full-screen layer under a centred step: let clicks through it
      styles={{ mask: { pointerEvents: 'none' } }}
      zIndex={TOUR_Z_INDEX}
      onClose={remember}
      onFinish={remember}
      actionsRender={(actions, { current, total }) => (
        <>
          {current < total - 1 && (
            <Button size="small" type="text" onClick={remember} data-testid="tour-skip">
              {t('tour.skip')}
            </Button>
          )}
          {actions}
        </>
      )}
      data-testid="guided-tour"
    />
  );
}
