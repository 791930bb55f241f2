import type { DocType } from '@erp/entities/document-types';
import { useListExport } from '../../../platform/crud/use-list-export.ts';

/** 导出 of a document list (issue 24): POST /depotHead/exportExcel with the list's search and its type and subType. */
export const useDocumentExport = (docType: DocType, search: Record<string, string | undefined>, selected: number[], label: string) =>
  useListExport('/depotHead/exportExcel', { ...search, type: docType.type, subType: docType.subType }, selected, label);
