import { z } from 'zod';
import type { Tx } from '../../platform/db/database.ts';
import { BusinessError } from '../../platform/errors.ts';

export const TARGETS = ['material', 'workOrder'] as const;
export const SYMBOLOGIES = ['code128', 'qrcode', 'ean13'] as const;
/** What a label may print besides its barcode, in this order. */
export const FIELDS = ['code', 'name', 'spec', 'model', 'unit', 'batch', 'date', 'quantity', 'woNo', 'moNo'] as const;
export type Field = (typeof FIELDS)[number];

const mm = (label: string, min: number, max: number) =>
  z
    .number({ error: `${label}须为数字` })
    .min(min, `${label}不能小于${min}毫米`)
    .max(max, `${label}不能大于${max}毫米`)
    .refine((v) => Number.isInteger(v * 100), `${label}最多两位小数`);

export const templateBody = z.strictObject({
  name: z.string().trim().min(1, '请填写模板名称').max(50, '模板名称不能超过50个字'),
  target: z.enum(TARGETS, { error: '打印对象须为物料或工单' }),
  symbology: z.enum(SYMBOLOGIES, { error: '码制须为Code 128、QR或EAN-13' }),
  widthMm: mm('标签宽度', 10, 300),
  heightMm: mm('标签高度', 8, 300),
  pageWidthMm: mm('纸张宽度', 10, 1000),
  pageHeightMm: mm('纸张高度', 8, 1000),
  columns: z.number().int('列数须为整数').min(1, '列数至少为1').max(20, '列数不能超过20'),
  rows: z.number().int('行数须为整数').min(1, '行数至少为1').max(50, '行数不能超过50'),
  marginTopMm: mm('上边距', 0, 500).default(0),
  marginLeftMm: mm('左边距', 0, 500).default(0),
  gapXMm: mm('列间距', 0, 500).default(0),
  gapYMm: mm('行间距', 0, 500).default(0),
  fields: z
    .array(z.enum(FIELDS, { error: '未知的打印字段' }))
    .max(FIELDS.length)
    .default(['code', 'name']),
  copies: z.number().int('份数须为整数').min(1, '份数至少为1').max(1000, '份数不能超过1000').default(1),
  remark: z.string().trim().max(200).optional(),
});
export type TemplateBody = z.infer<typeof templateBody>;
export type Template = TemplateBody & { id: number };

/** The sheet must hold its grid of labels; a work order number is not 12–13 digits, so no EAN-13 for work orders. */
export function checkLayout(t: TemplateBody): void {
  const w = t.marginLeftMm + t.columns * t.widthMm + (t.columns - 1) * t.gapXMm;
  const h = t.marginTopMm + t.rows * t.heightMm + (t.rows - 1) * t.gapYMm;
  if (w > t.pageWidthMm + 1e-9) throw new BusinessError(`${t.columns}列标签共需宽${round(w)}毫米，超过纸张宽度${t.pageWidthMm}毫米`);
  if (h > t.pageHeightMm + 1e-9) throw new BusinessError(`${t.rows}行标签共需高${round(h)}毫米，超过纸张高度${t.pageHeightMm}毫米`);
  if (t.target === 'workOrder' && t.symbology === 'ean13') throw new BusinessError('工单号不是数字，工单标签不能使用EAN-13，请选择Code 128或QR');
}
const round = (v: number) => Math.round(v * 100) / 100;

const COLS = `id, name, target, symbology, width_mm::float8 as "widthMm", height_mm::float8 as "heightMm",
  page_width_mm::float8 as "pageWidthMm", page_height_mm::float8 as "pageHeightMm", columns, rows,
  margin_top_mm::float8 as "marginTopMm", margin_left_mm::float8 as "marginLeftMm", gap_x_mm::float8 as "gapXMm",
  gap_y_mm::float8 as "gapYMm", fields, copies, remark`;

export async function listTemplates(tx: Tx, tenantId: number): Promise<Template[]> {
  return tx.query<Template>(`select ${COLS} from label_template where tenant_id = $1 order by id`, [tenantId]);
}

export async function getTemplate(tx: Tx, tenantId: number, id: number): Promise<Template> {
  const t = await tx.one<Template>(`select ${COLS} from label_template where tenant_id = $1 and id = $2`, [tenantId, id]);
  if (!t) throw new BusinessError('标签模板不存在');
  return { ...t, id: Number(t.id) };
}

const values = (t: TemplateBody) => [
  t.name,
  t.target,
  t.symbology,
  t.widthMm,
  t.heightMm,
  t.pageWidthMm,
  t.pageHeightMm,
  t.columns,
  t.rows,
  t.marginTopMm,
  t.marginLeftMm,
  t.gapXMm,
  t.gapYMm,
  [...new Set(t.fields)],
  t.copies,
  t.remark ?? null,
];

async function nameTaken(tx: Tx, tenantId: number, name: string, id = 0): Promise<void> {
  const r = await tx.one('select 1 from label_template where tenant_id = $1 and name = $2 and id <> $3', [tenantId, name, id]);
  if (r) throw new BusinessError(`标签模板“${name}”已存在`);
}

export async function addTemplate(tx: Tx, tenantId: number, userId: number, t: TemplateBody): Promise<{ id: number }> {
  checkLayout(t);
  await nameTaken(tx, tenantId, t.name);
  const r = await tx.one<{ id: number }>(
    `insert into label_template (tenant_id, name, target, symbology, width_mm, height_mm, page_width_mm, page_height_mm, columns, rows,
       margin_top_mm, margin_left_mm, gap_x_mm, gap_y_mm, fields, copies, remark, creator, updater)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $18) returning id`,
    [tenantId, ...values(t), userId],
  );
  return { id: Number(r!.id) };
}

export async function updateTemplate(tx: Tx, tenantId: number, userId: number, id: number, t: TemplateBody): Promise<{ id: number }> {
  await getTemplate(tx, tenantId, id);
  checkLayout(t);
  await nameTaken(tx, tenantId, t.name, id);
  await tx.query(
    `update label_template set name = $3, target = $4, symbology = $5, width_mm = $6, height_mm = $7, page_width_mm = $8, page_height_mm = $9,
       columns = $10, rows = $11, margin_top_mm = $12, margin_left_mm = $13, gap_x_mm = $14, gap_y_mm = $15, fields = $16, copies = $17,
       remark = $18, updater = $19, updated_at = now()
     where tenant_id = $1 and id = $2`,
    [tenantId, id, ...values(t), userId],
  );
  return { id };
}

export async function deleteTemplate(tx: Tx, tenantId: number, id: number): Promise<{ id: number }> {
  await getTemplate(tx, tenantId, id);
  await tx.query('delete from label_template where tenant_id = $1 and id = $2', [tenantId, id]);
  return { id };
}
