import { lazy } from 'react';
import type { Screen } from '../../shell/screen.ts';
// the plain table of types, not the package index: that would pull zod into the shell's chunk
import { FIN_DOC_TYPES } from '@erp/entities/finance-types';

/** Finance screens by menu url: one list (with its form) per finance document type (docs/finance.md). */
export const FINANCE_SCREENS: Record<string, Screen> = Object.fromEntries(
  FIN_DOC_TYPES.map((d) => [d.menu, lazy(() => import('./finance-list-page.tsx').then((m) => ({ default: m.financeScreen(d.key) })))]),
);
