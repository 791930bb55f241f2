import type { Screen } from '../../shell/screen.ts';
import { DOCUMENT_SCREENS } from './documents/document-screens.ts';
import { REPORT_SCREENS } from './reports/report-screens.ts';

/** Inventory screens by menu url: one list per document type, the stock reports and the two panels. */
export const INVENTORY_SCREENS: Record<string, Screen> = { ...DOCUMENT_SCREENS, ...REPORT_SCREENS };
export { StatusTag } from './documents/status-tag.tsx';
