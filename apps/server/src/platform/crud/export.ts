import { z } from 'zod';
import type { FastifyReply } from 'fastify';
import { listQuerySchema, type EntityDef, type Field } from '@erp/entities';
import { defineRoute } from '../http/route.ts';
import { BusinessError } from '../errors.ts';
import { visibleFields } from './list-query.ts';
import { listRows } from './list-rows.ts';
import { sheetHook } from './controller.ts';
import { newWorkbook } from '../spreadsheet.ts';

export const EXPORT_EMPTY = '导出异常请联系管理员';
const MAX_EXPORT_ROWS = 50000;

/** MMddhhmmss, the suffix of exported file names (SPEC §7.3). */
export function exportStamp(d = new Date()): string {
  const p = (n: number) => String(n).padStart(2, '0');
  return `${p(d.getMonth() + 1)}${p(d.getDate())}${p(d.getHours())}${p(d.getMinutes())}${p(d.getSeconds())}`;
}

export function cell(fd: Field, v: unknown): unknown {
  if (v === null || v === undefined) return '';
  if (fd.kind === 'bool') return v ? '是' : '否';
  if (fd.kind === 'enum') return fd.options.find((o) => o.value === v)?.label.zh ?? v;
  return v;
}

const ENABLED_FIELD: Field = { kind: 'bool', label: { zh: '启用', en: 'Enabled' } };

/**
 * The exported (and importable) columns: list columns the user may see (price masking applies);
 * a link column carries the linked record's name (`key`) for the field (`field`).
 */
export function exportColumns(def: EntityDef, priceMasked: boolean): Array<{ field: string; key: string; header: string; fd: Field }> {
  const cols = visibleFields(def, priceMasked)
    .filter(([, fd]) => fd.export ?? fd.list ?? true)
    .map(([field, fd]) => ({
      field,
      key: fd.kind === 'link' || fd.kind === 'parent' ? `${field.replace(/Id$/, '')}Name` : field,
      header: fd.label.zh,
      fd,
    }));
  // the enabled flag travels too, so a disabled record comes back disabled
  return def.status ? [...cols, { field: 'enabled', key: 'enabled', header: ENABLED_FIELD.label.zh, fd: ENABLED_FIELD }] : cols;
}

/**
 * POST /<entity>/exportExcel: the filtered list (or the selected ids) as a spreadsheet. The file
 * is Office Open XML, named .xls as the spec's clients expect; LibreOffice and Excel detect the
 * format from the content.
 */
export function exportRoute(def: EntityDef) {
  return defineRoute({
    method: 'POST',
    url: `/${def.name}/exportExcel`,
    invalidates: false,
    summary: `${def.label.en}: export the list as a spreadsheet`,
    tags: [def.name],
    access: { menu: def.menu, btn: '3' },
    body: listQuerySchema.omit({ currentPage: true, pageSize: true }).extend({
      ids: z
        .string()
        .regex(/^\d{1,15}(,\d{1,15}){0,9999}$/)
        .optional(),
    }),
    handler: async ({ tx, session, body, reply }) => {
      const idList = body.ids ? body.ids.split(',').map(Number) : undefined;
      const { rows } = (await listRows(tx, def, session, { ...body, currentPage: 1, pageSize: MAX_EXPORT_ROWS, cursor: undefined }, idList)) as {
        rows: Record<string, unknown>[];
      };
      if (!rows.length) throw new BusinessError(EXPORT_EMPTY);
      const cols = exportColumns(def, session.priceMasked);
      // an entity with child lines may spread a record over several rows, with columns of its own
      const hook = sheetHook(def.name);
      const sheet = hook ? await hook.exportRows({ tx, session, def }, rows) : { columns: [], rows };
      const cells = sheet.rows.map((r) => ({ ...r, ...Object.fromEntries(cols.map((c) => [c.key, cell(c.fd, r[c.key])])) }));
      return sendSheet(reply, def.label.zh, [...cols, ...sheet.columns], cells);
    },
  });
}

export interface SheetColumn {
  key: string;
  header: string;
  width?: number;
}

/** A value as a sheet shows it: nothing as empty, yes/no as 是/否. */
export const sheetCell = (v: unknown) => (v === null || v === undefined ? '' : typeof v === 'boolean' ? (v ? '是' : '否') : v);

/**
 * Sends rows as the spreadsheet every export answers with: one sheet titled `title`, a bold header row,
 * the rows (cells by column key, '' where missing), an optional 合计 row, named 《title》MMddhhmmss.xls.
 */
export async function sendSheet(
  reply: FastifyReply,
  title: string,
  columns: SheetColumn[],
  rows: Array<Record<string, unknown>>,
  totals?: Record<string, unknown>,
) {
  const wb = await newWorkbook();
  const ws = wb.addWorksheet(title);
  ws.columns = columns.map((c) => ({ header: c.header, key: c.key, width: c.width ?? Math.max(12, c.header.length * 2 + 4) }));
  ws.getRow(1).font = { bold: true };
  const line = (r: Record<string, unknown>) => Object.fromEntries(columns.map((c) => [c.key, sheetCell(r[c.key])]));
  for (const r of rows) ws.addRow(line(r));
  if (totals && columns.length) ws.addRow({ ...line(totals), [columns[0]!.key]: '合计' });
  const name = `${title}${exportStamp()}.xls`;
  return reply
    .header('content-type', 'application/vnd.ms-excel')
    .header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(name)}`)
    .header('download-filename', encodeURIComponent(name))
    .send(Buffer.from(await wb.xlsx.writeBuffer()));
}
