import { useTranslation } from 'react-i18next';
import { localTitle } from '../platform/i18n/index.ts';
import { SCREENS } from '../modules/screens.ts';
import type { MenuLeaf } from './menu-model.ts';
import { ComingSoonPage } from './pages/coming-soon-page.tsx';
import { FramePage } from './pages/frame-page.tsx';

/** Menu components that mean "show an external page in a frame" (SPEC §2.3). */
const FRAME_KINDS: Record<string, 'workflow' | 'print'> = {
  '/layouts/IframePageView': 'workflow',
  '/workflow/frame': 'workflow',
  '/print/template': 'print',
};

/** Renders the screen of one menu leaf: a built screen, a frame, or the coming-soon page. */
export function MenuScreen({ leaf }: { leaf: MenuLeaf }) {
  const { i18n } = useTranslation();
  const title = localTitle(leaf.text, leaf.englishName, i18n.language);
  const Screen = SCREENS[leaf.url] ?? (leaf.component ? SCREENS[leaf.component] : undefined);
  if (Screen) return <Screen path={leaf.url} title={title} />;
  const frame = leaf.component ? FRAME_KINDS[leaf.component] : undefined;
  if (frame) return <FramePage kind={frame} path={leaf.url} />;
  return <ComingSoonPage title={title} />;
}
