import { useState } from 'react';
import { App } from 'antd';
import type { DocType } from '@erp/entities/document-types';
import { failureText, postForFile, saveFile } from '../../../platform/crud/file-transfer.ts';

/**
 * 导出 of a document list (issue 24): the list's search, or only the selected rows, as the server's spreadsheet
 * (named 《type》MMddhhmmss.xls by the server; 导出异常请联系管理员 when there is nothing to export).
 */
export function useDocumentExport(docType: DocType, search: Record<string, string | undefined>, selected: number[], label: string) {
  const { message } = App.useApp();
  const [exporting, setExporting] = useState(false);
  const exportXls = async () => {
    setExporting(true);
    try {
      const ids = selected.length ? selected.join(',') : undefined;
      saveFile(await postForFile('/depotHead/exportExcel', { ...search, type: docType.type, subType: docType.subType, ids }, `${label}.xls`));
    } catch (e) {
      const msg = failureText(e);
      if (msg) message.error(msg);
    } finally {
      setExporting(false);
    }
  };
  return { exportXls: () => void exportXls(), exporting };
}
