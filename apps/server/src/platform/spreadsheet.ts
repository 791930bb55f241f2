import type { Workbook } from 'exceljs';

/** exceljs is large; it is loaded on the first export or import, not at start (server memory). */
export async function newWorkbook(): Promise<Workbook> {
  const { default: ExcelJS } = await import('exceljs');
  return new ExcelJS.Workbook();
}
