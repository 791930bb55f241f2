import type { ImportApi } from './api.ts';
import type { JshData } from './source.ts';
import type { ImportReport } from './report.ts';
import { newOrderLinks, type OrderLinks } from './links.ts';

/** What the steps share: the source rows, our API, the report and jshERP id → our id per kind. */
export interface ImportCtx {
  api: ImportApi;
  src: JshData;
  report: ImportReport;
  ids: {
    unit: Map<number, number>;
    category: Map<number, number>;
    depot: Map<number, number>;
    person: Map<number, number>;
    account: Map<number, number>;
    partner: Map<number, number>;
    material: Map<number, number>;
    role: Map<number, number>;
    user: Map<number, number>;
    inOutItem: Map<number, number>;
    /** jsh_depot_head id → our document id (receipts and payments name them) */
    document: Map<number, number>;
  };
  /** jshERP material_extend id → the barcode our lines name; material id → its default barcode. */
  barcodeOfExtend: Map<number, string>;
  defaultBarcode: Map<number, string>;
  /** Records disabled in jshERP, per entity: disabled at the end, after the documents that name them. */
  disabled: Map<string, number[]>;
  links: OrderLinks;
}

export function newCtx(api: ImportApi, src: JshData, report: ImportReport): ImportCtx {
  const m = () => new Map<number, number>();
  return {
    api,
    src,
    report,
    ids: { unit: m(), category: m(), depot: m(), person: m(), account: m(), partner: m(), material: m(), role: m(), user: m(), inOutItem: m(), document: m() },
    barcodeOfExtend: new Map(),
    defaultBarcode: new Map(),
    disabled: new Map(),
    links: newOrderLinks(),
  };
}
