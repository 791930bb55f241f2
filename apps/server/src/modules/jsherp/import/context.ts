import type { ImportApi } from './api.ts';
import type { JshData } from './source.ts';
import type { ImportReport } from './report.ts';
import { newOrderLinks, type OrderLinks } from './links.ts';

/** The kinds of record whose jshERP ids are mapped to ours (document: jsh_depot_head id → our document, which
 * receipts and payments name). */
const ID_KINDS = ['unit', 'category', 'depot', 'person', 'account', 'partner', 'material', 'role', 'user', 'inOutItem', 'document'] as const;
export type IdKind = (typeof ID_KINDS)[number];

/** What the steps share: the source rows, our API, the report and jshERP id → our id per kind. */
export interface ImportCtx {
  api: ImportApi;
  src: JshData;
  report: ImportReport;
  ids: Record<IdKind, Map<number, number>>;
  /** jshERP material_extend id → the barcode our lines name; material id → its default barcode. */
  barcodeOfExtend: Map<number, string>;
  defaultBarcode: Map<number, string>;
  /** Records disabled in jshERP, per entity: disabled at the end, after the documents that name them. */
  disabled: Map<string, number[]>;
  links: OrderLinks;
}

export function newCtx(api: ImportApi, src: JshData, report: ImportReport): ImportCtx {
  return {
    api,
    src,
    report,
    ids: Object.fromEntries(ID_KINDS.map((k) => [k, new Map<number, number>()])) as ImportCtx['ids'],
    barcodeOfExtend: new Map(),
    defaultBarcode: new Map(),
    disabled: new Map(),
    links: newOrderLinks(),
  };
}
