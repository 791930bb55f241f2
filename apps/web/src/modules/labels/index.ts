import { lazy } from 'react';
import type { Screen } from '../../shell/screen.ts';

/** 条码打印 (issue 17 item 5): label templates, batch print to PDF sheets, ZPL to a network label printer. */
export const LABEL_SCREENS: Record<string, Screen> = {
  '/manufacture/barcode_print': lazy(() => import('./barcode-print-page.tsx').then((m) => ({ default: m.BarcodePrintPage }))),
};
export { PrintTagLink } from './print-tag-link.tsx';
