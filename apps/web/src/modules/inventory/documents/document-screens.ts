import { lazy } from 'react';
import type { Screen } from '../../../shell/screen.ts';
// the plain table of types, not the package index: that would pull zod into the shell's chunk
import { DOC_TYPES } from '@erp/entities/document-types';

/** One document list screen per document type, by its menu url (docs/api.md "Inventory documents"). */
export const DOCUMENT_SCREENS: Record<string, Screen> = Object.fromEntries(
  DOC_TYPES.map((d) => [d.menu, lazy(() => import('./document-list-page.tsx').then((m) => ({ default: m.documentScreen(d.key) })))]),
);
