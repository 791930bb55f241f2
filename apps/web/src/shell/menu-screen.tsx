import { useTranslation } from 'react-i18next';
import { localTitle } from '../platform/i18n/index.ts';
import { SCREENS } from '../modules/screens.ts';
import type { MenuLeaf } from './menu-model.ts';
import { ExceptionPage } from './pages/exception-page.tsx';
import { FramePage } from './pages/frame-page.tsx';

/** Menu components that mean "show an external page in a frame" (SPEC §2.3). */
const FRAME_KINDS: Record<string, 'workflow' | 'print'> = {
  '/layouts/IframePageView': 'workflow',
  '/workflow/frame': 'workflow',
  '/print/template': 'print',
};

/**
 * Renders the screen of one menu leaf: a built screen or a frame. Every entry of the catalogue has a screen (the
 * menu walk journey fails otherwise); a function added by the platform administrator without one shows 404.
 */
export function MenuScreen({ leaf }: { leaf: MenuLeaf }) {
  const { i18n } = useTranslation();
  const title = localTitle(leaf.text, leaf.englishName, i18n.language);
  const Screen = SCREENS[leaf.url] ?? (leaf.component ? SCREENS[leaf.component] : undefined);
  if (Screen) return <Screen path={leaf.url} title={title} />;
  const frame = leaf.component ? FRAME_KINDS[leaf.component] : undefined;
  if (frame) return <FramePage kind={frame} path={leaf.url} />;
  return <ExceptionPage code="404" />;
}
