import { Decimal } from 'decimal.js';
import type { Tx } from '../../platform/db/database.ts';
import { BusinessError } from '../../platform/errors.ts';
import { barcodeText } from './barcode.ts';
import type { LabelItem } from './label-text.ts';
import { loadRecords } from './records.ts';
import { getTemplate, type Template } from './template.ts';

/** At most this many labels in one print (a PDF of ~170 A4 sheets at 3 × 10). */
export const MAX_LABELS = 5000;

export interface PrintRequest {
  templateId: number;
  ids: number[];
  /** per id, or one for all; the template's copies when absent */
  copies?: number[];
  /** per id (the label's 数量 field), or one for all; a work order's own quantity when absent */
  quantities?: string[];
  batch?: string;
  date?: string;
}

export interface PrintJob {
  template: Template;
  items: Array<{ item: LabelItem; copies: number }>;
  total: number;
}

const nth = <T>(list: T[] | undefined, i: number): T | undefined => (list && list.length === 1 ? list[0] : list?.[i]);

/** The template, the records (this company's only) with their copies, every code checked against the symbology; nothing is written. */
export async function preparePrint(tx: Tx, tenantId: number, req: PrintRequest): Promise<PrintJob> {
  for (const [name, list] of [
    ['份数', req.copies],
    ['数量', req.quantities],
  ] as const) {
    if (list && list.length !== 1 && list.length !== req.ids.length) throw new BusinessError(`${name}须为一个或与所选记录一一对应`);
  }
  const template = await getTemplate(tx, tenantId, req.templateId);
  const records = await loadRecords(tx, tenantId, template.target, req.ids);
  const items = records.map((record, i) => {
    const copies = nth(req.copies, i) ?? template.copies;
    const q = nth(req.quantities, i);
    return { item: { record, batch: req.batch, date: req.date, quantity: q === undefined ? undefined : new Decimal(q).toFixed() }, copies };
  });
  const total = items.reduce((s, i) => s + i.copies, 0);
  if (total > MAX_LABELS) throw new BusinessError(`一次最多打印${MAX_LABELS}张标签，本次共${total}张，请分批打印`);
  for (const { item } of items) barcodeText(template.symbology, item.record.code);
  return { template, items, total };
}

/** Each label as many times as its copies, in order: what the sheets lay out. */
export const expand = (job: PrintJob): LabelItem[] => job.items.flatMap((i) => Array.from({ length: i.copies }, () => i.item));
