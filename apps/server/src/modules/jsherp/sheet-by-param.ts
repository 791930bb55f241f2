import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { newWorkbook } from '../../platform/spreadsheet.ts';
import { exportStamp } from '../../platform/crud/export.ts';

const cellValue = z.union([z.string().max(4000), z.number().finite(), z.boolean(), z.null()]);

/**
 * POST /systemConfig/exportExcelByParam's body (jshERP's handleExportXlsPost / exportXlsPost, the report screens'
 * 导出): the rows the screen already shows, its column names as comma-joined text, a title and a tip line.
 */
export const sheetByParamBody = z.strictObject({
  title: z.string().trim().min(1, '请输入标题').max(100),
  head: z
    .string()
    .trim()
    .min(1, '请输入表头')
    .max(8000)
    .refine((h) => h.split(',').length <= 200, '表头最多200列'),
  tip: z.string().max(1000).nullish(),
  list: z.array(z.array(cellValue).max(200)).max(50_000),
});

/** Excel's sheet names: at most 31 characters, none of []:*?/\ . */
const sheetName = (title: string) => title.replace(/[[\]:*?/\\]/g, '_').slice(0, 31);

/**
 * The spreadsheet of rows a jshERP screen sends (it reads its own table): the tip line (when given) above a bold
 * header row of the names in `head`, then the rows, cells past the last name left out; named 《title》MMddhhmmss.xls.
 * It reads nothing of the company's: what leaves is what the screen already had.
 */
export async function sheetByParam(reply: FastifyReply, b: z.infer<typeof sheetByParamBody>) {
  const names = b.head.split(',');
  const wb = await newWorkbook();
  const ws = wb.addWorksheet(sheetName(b.title));
  if (b.tip) ws.addRow([b.tip]);
  ws.addRow(names).font = { bold: true };
  for (const r of b.list) ws.addRow(r.slice(0, names.length).map((v) => v ?? ''));
  names.forEach((n, i) => (ws.getColumn(i + 1).width = Math.max(12, n.length * 2 + 4)));
  const name = `${b.title}${exportStamp()}.xls`;
  return reply
    .header('content-type', 'application/vnd.ms-excel')
    .header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(name)}`)
    .header('download-filename', encodeURIComponent(name))
    .send(Buffer.from(await wb.xlsx.writeBuffer()));
}
