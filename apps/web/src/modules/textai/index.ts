import { lazy } from 'react';
import type { Screen } from '../../shell/screen.ts';

/** Text recognition (AI text views, SPEC §2.2): a pasted chat order becomes an editable draft sales order. */
export const TEXTAI_SCREENS: Record<string, Screen> = {
  '/bill/text_recognition': lazy(() => import('./text-recognition-page.tsx').then((m) => ({ default: m.TextRecognitionPage }))),
};
