import { createSchema, ENTITIES, column, type EntityDef, type Field } from '@erp/entities';
import { defineRoute } from '../http/route.ts';
import type { Tx } from '../db/database.ts';
import type { Session } from '../auth/session.ts';
import type { FileStore } from '../files/index.ts';
import { badRequest } from '../errors.ts';
import { exportColumns } from './export.ts';
import { saveRow } from './write.ts';
import { sheetHook } from './controller.ts';
import { newWorkbook } from '../spreadsheet.ts';

const MAX_IMPORT_ROWS = 5000;

export interface ImportReport {
  /** Records read: rows, or for an entity with a sheet hook, groups of rows (one record each). */
  total: number;
  /** Non-empty sheet rows read: more than `total` when several rows make one record (a material per barcode row). */
  rows: number;
  succeeded: number;
  /** `row`: the (first) sheet row of the record; `rows`: all of them, for a record spread over several. */
  failed: Array<{ row: number; rows?: number[]; message: string }>;
}

type Col = ReturnType<typeof exportColumns>[number] & { index: number };

/** The entity's own fields of one sheet row, as the create schema expects them. */
async function ownFields(tx: Tx, s: Session, def: EntityDef, map: Col[], row: { getCell(i: number): { value: unknown } }) {
  const body: Record<string, unknown> = {};
  for (const c of map) {
    if (c.index < 0) continue;
    const v = await fromCell(tx, s, def, c.fd, row.getCell(c.index).value);
    if (v !== undefined) body[c.field] = v;
  }
  return body;
}

/** Runs one record's save in a savepoint: kept when it succeeds, undone and reported when not. */
async function inSavepoint(tx: Tx, report: ImportReport, rows: number[], fn: () => Promise<void>) {
  report.total++;
  await tx.exec('savepoint import_row');
  try {
    await fn();
    await tx.exec('release savepoint import_row');
    report.succeeded++;
  } catch (e) {
    await tx.exec('rollback to savepoint import_row');
    report.failed.push({ row: rows[0], ...(rows.length > 1 ? { rows } : {}), message: (e as Error).message });
  }
}

/** A cell as typed in a sheet → the value the create schema expects (the inverse of export). */
export async function fromCell(tx: Tx, s: Session, def: EntityDef, fd: Field, v: unknown): Promise<unknown> {
  if (v === null || v === undefined || v === '') return undefined;
  const text = typeof v === 'object' && v && 'text' in v ? String((v as { text: unknown }).text) : v instanceof Date ? v.toISOString().slice(0, 10) : v;
  switch (fd.kind) {
    case 'bool':
      if (['是', 'true', '1', 1, true].includes(text as string)) return true;
      if (['否', 'false', '0', 0, false].includes(text as string)) return false;
      throw new Error(`${fd.label.zh}须为是或否`);
    case 'enum':
      return fd.options.find((o) => o.label.zh === text || o.value === text)?.value ?? String(text);
    case 'number':
      return typeof text === 'number' ? text : Number(text);
    case 'money':
    case 'quantity':
      return typeof text === 'number' ? String(text) : String(text).trim();
    case 'link':
    case 'parent': {
      const target = fd.kind === 'link' ? ENTITIES[fd.entity] : def;
      const display = (fd.kind === 'link' && fd.display) || target.nameField || 'name';
      const r = await tx.one<{ id: number }>(
        `select id from ${target.table} where tenant_id = $1 and ${column(display)} = $2 ${target.softDelete ? 'and not delete_flag' : ''} limit 1`,
        [s.tenantId, String(text).trim()],
      );
      if (!r) throw new Error(`${fd.label.zh}“${String(text)}”不存在`);
      return r.id;
    }
    default:
      return String(text).trim();
  }
}

/**
 * Imports the sheet's rows, each in a savepoint: good rows are kept, bad rows are reported with
 * their sheet row number and reason (STYLE: batch operations report per row).
 */
export async function importSheet(tx: Tx, def: EntityDef, s: Session, ip: string, data: Buffer, files?: FileStore): Promise<ImportReport> {
  const wb = await newWorkbook();
  try {
    await wb.xlsx.load(data as unknown as ArrayBuffer);
  } catch {
    throw badRequest('文件不是有效的Excel表格(xlsx)');
  }
  const ws = wb.worksheets[0];
  if (!ws || ws.rowCount < 2) throw badRequest('表格中没有数据');
  if (ws.rowCount - 1 > MAX_IMPORT_ROWS) throw badRequest(`一次最多导入${MAX_IMPORT_ROWS}行`);
  // columns the server keeps (current balances …) are exported for reading, never imported
  const cols = exportColumns(def, s.priceMasked).filter((c) => !c.fd.readOnly);
  const headers = (ws.getRow(1).values as unknown[]).map((h) => (typeof h === 'string' ? h.trim() : h));
  const map = cols.map((c) => ({ ...c, index: headers.indexOf(c.header) }));
  const missing = map.filter((c) => c.index < 0 && c.fd.required).map((c) => c.header);
  if (missing.length) throw badRequest(`表头缺少必填列: ${missing.join(', ')}`);
  const schema = createSchema(def);
  const save = async (body: Record<string, unknown>, id?: number) => {
    const parsed = schema.safeParse(body);
    if (!parsed.success) throw new Error(parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; '));
    await saveRow(tx, def, s, ip, parsed.data as Record<string, unknown>, id, files);
  };
  const report: ImportReport = { total: 0, rows: 0, succeeded: 0, failed: [] };
  const hook = sheetHook(def.name);
  if (!hook) {
    for (let r = 2; r <= ws.rowCount; r++) {
      const row = ws.getRow(r);
      if (!row.hasValues) continue;
      report.rows++;
      await inSavepoint(tx, report, [r], async () => save(await ownFields(tx, s, def, map, row)));
    }
    return report;
  }
  // a record's rows share its name and name scope; its other cells go to the hook by header
  const extra = headers.map((h, i) => ({ h, i })).filter(({ h, i }) => i > 0 && typeof h === 'string' && !map.some((c) => c.index === i));
  const groups = new Map<string, { rows: number[]; body: Record<string, unknown>; cells: Array<Record<string, unknown>> }>();
  for (let r = 2; r <= ws.rowCount; r++) {
    const row = ws.getRow(r);
    if (!row.hasValues) continue;
    report.rows++;
    let body: Record<string, unknown>;
    // read in a savepoint too: a failed lookup must not end the import's transaction
    await tx.exec('savepoint import_read');
    try {
      body = await ownFields(tx, s, def, map, row);
      await tx.exec('release savepoint import_read');
    } catch (e) {
      await tx.exec('rollback to savepoint import_read');
      await inSavepoint(tx, report, [r], async () => Promise.reject(e));
      continue;
    }
    const key = JSON.stringify([def.nameField, ...(def.nameScope ?? [])].map((k) => (k ? (body[k] ?? null) : null)));
    const g = groups.get(key) ?? { rows: [], body, cells: [] };
    g.rows.push(r);
    g.cells.push(Object.fromEntries(extra.map(({ h, i }) => [h as string, row.getCell(i).value])));
    groups.set(key, g);
  }
  for (const g of groups.values()) {
    await inSavepoint(tx, report, g.rows, async () => {
      const rec = await hook.importRecord({ tx, session: s, def }, g.body, g.cells);
      await save(rec.body, rec.id);
    });
  }
  report.failed.sort((x, y) => x.row - y.row);
  return report;
}

export function importRoute(def: EntityDef) {
  return defineRoute({
    method: 'POST',
    url: `/${def.name}/importExcel`,
    summary: `${def.label.en}: import rows from a spreadsheet (multipart field file); reports each failed row`,
    tags: [def.name],
    access: { menu: def.menu, btn: '3' },
    handler: async ({ tx, session, req }) => {
      if (!req.isMultipart()) throw badRequest('请以 multipart/form-data 上传文件(字段 file)');
      const file = await req.file();
      if (!file) throw badRequest('请选择要导入的文件');
      const data = await file.toBuffer();
      return importSheet(tx, def, session, req.ip, data, req.server.fileStore);
    },
  });
}
