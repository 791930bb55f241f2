import { useState } from 'react';
import { App } from 'antd';
import { failureText, postForFile, saveFile } from './file-transfer.ts';

/**
 * 导出 of a document list (issue 24): POST `url` with the list's search (and its type), or only the selected rows,
 * saving the server's spreadsheet (named 《type》MMddhhmmss.xls by the server; 导出异常请联系管理员 when there is
 * nothing to export). Gives the toolbar's `exportXls` and `exporting`.
 */
export function useListExport(url: string, query: Record<string, string | undefined>, selected: number[], label: string) {
  const { message } = App.useApp();
  const [exporting, setExporting] = useState(false);
  const exportXls = async () => {
    setExporting(true);
    try {
      const ids = selected.length ? selected.join(',') : undefined;
      saveFile(await postForFile(url, { ...query, ids }, `${label}.xls`));
    } catch (e) {
      const msg = failureText(e);
      if (msg) message.error(msg);
    } finally {
      setExporting(false);
    }
  };
  return { exportXls: () => void exportXls(), exporting };
}
