import type { LabelRecord } from './records.ts';
import type { Field, Template } from './template.ts';

/** One label to print: its record, and what the print request adds (batch, date, quantity). */
export interface LabelItem {
  record: LabelRecord;
  batch?: string;
  date?: string;
  quantity?: string;
}

const CAPTION: Record<Field, string> = {
  code: '',
  name: '',
  spec: '规格 ',
  model: '型号 ',
  unit: '单位 ',
  batch: '批号 ',
  date: '日期 ',
  quantity: '数量 ',
  woNo: '工单 ',
  moNo: '订单 ',
};

function value(field: Field, item: LabelItem): string {
  const r = item.record;
  switch (field) {
    case 'batch':
      return item.batch ?? '';
    case 'date':
      return item.date ?? '';
    case 'quantity':
      return item.quantity ?? r.quantity;
    case 'code':
    case 'name':
    case 'spec':
    case 'model':
    case 'unit':
    case 'woNo':
    case 'moNo':
      return r[field];
  }
}

/** The text lines of a label, in the template's field order; empty fields are left out. */
export function labelLines(t: Pick<Template, 'fields'>, item: LabelItem): string[] {
  return t.fields.flatMap((f) => {
    const v = value(f, item);
    return v ? [CAPTION[f] + v] : [];
  });
}
