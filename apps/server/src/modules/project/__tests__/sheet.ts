import ExcelJS from 'exceljs';
import type { testApp } from '../../../test-support/harness.ts';

type App = Awaited<ReturnType<typeof testApp>>['app'];

/**
 * GETs an export url as `token`: the file's name and its rows (header first), or the refusal's envelope when the
 * reply is not a spreadsheet.
 */
export async function readSheet(app: App, token: string, url: string) {
  const res = await app.inject({ method: 'GET', url: `/api${url}`, headers: { 'x-access-token': token } });
  if (!String(res.headers['content-type']).includes('application/vnd.ms-excel')) return { refused: JSON.parse(res.body) as { code: number; data: any } };
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
  const ws = wb.worksheets[0]!;
  const rows: unknown[][] = [];
  ws.eachRow((r) => rows.push((r.values as unknown[]).slice(1)));
  return { name: decodeURIComponent(String(res.headers['download-filename'])), sheet: ws.name, rows };
}
