import { Decimal } from 'decimal.js';
import type { RequestCtx } from '../../platform/request-ctx.ts';
import type { Tx } from '../../platform/db/database.ts';
import { BusinessError } from '../../platform/errors.ts';
import { addDocument, documentSaveSchema } from '../inventory/index.ts';
import { release } from './quarantine.ts';
import { lotOf, type InspectionRow } from './inspection.service.ts';

export type Verdict = 'pass' | 'fail' | 'concession';
export type Disposition = 'return' | 'rework' | 'scrap' | 'useAsIs';

/** What the area that opened an inspection learns of its verdict (an operation report's work order: release, scrap, rework). */
export interface InspectionOutcome {
  inspectionId: number;
  number: string;
  sourceId: number | null;
  sourceItemId: number | null;
  lotQty: Decimal;
  verdict: Verdict;
  disposition: Disposition | null;
}
export type OutcomeHook = (tx: Tx, tenantId: number, userId: number, o: InspectionOutcome) => Promise<void>;

const outcomeHooks = new Map<string, OutcomeHook>();
/** An area that opens inspections of its own `sourceKind` (createInspectionFor) hears their verdicts here; one hook per kind. */
export function onInspectionDecided(sourceKind: string, hook: OutcomeHook): void {
  outcomeHooks.set(sourceKind, hook);
}

export const nowText = (d = new Date()) => {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
};

/** Refuses a disposition the lot cannot take, before anything is written. */
export function refuseDisposition(r: InspectionRow, v: { verdict: Verdict; disposition?: Disposition }) {
  if (v.verdict !== 'fail' || !v.disposition) return;
  const held = new Decimal(r.held_qty).gt(0);
  if (v.disposition === 'return' && r.stage === 'inProcess') throw new BusinessError(`质检单 ${r.number} 是制程检验，不能退货，请选择返工、报废或照用`);
  // a bought lot is reworked on a rework order while it stays in quarantine: only a lot quality holds
  if (v.disposition === 'rework' && r.stage !== 'inProcess' && !held)
    throw new BusinessError(`质检单 ${r.number} 没有待检隔离的货物，不能返工：请选择报废或照用`);
  if (v.disposition === 'scrap' && r.stage !== 'inProcess' && !held)
    throw new BusinessError(`质检单 ${r.number} 没有待检隔离的货物，不能报废：请在库存中做其它出库`);
}

/**
 * Takes qty of what a lot holds in quarantine out of stock: back from quarantine to its warehouse, then out at once on an
 * audited 其它出库 (the inventory document posts the ledger at the lot's cost and the journal: 库存调整 to 库存商品).
 */
export async function scrapOut(c: RequestCtx, r: InspectionRow, qty: Decimal, remark: string) {
  // in the unit of the line the lot came in on (a purchase inbound's), else the material's default barcode row (base unit)
  const src = await c.tx.one<{ ext: number; ratio: string }>(
    `select coalesce(i.material_extend_id, e.id) as ext, coalesce(i.oper_number / nullif(i.basic_number, 0), 1)::text as ratio
       from material m
       left join depot_item i on i.tenant_id = m.tenant_id and i.id = $3 and i.material_id = m.id
       left join lateral (select x.id from material_extend x where x.tenant_id = m.tenant_id and x.material_id = m.id and not x.delete_flag
                           order by x.default_flag desc, x.id limit 1) e on true
      where m.tenant_id = $1 and m.id = $2`,
    [c.session.tenantId, r.material_id, r.source_kind === 'purchaseIn' ? r.source_item_id : null],
  );
  if (!src?.ext) throw new BusinessError(`质检单 ${r.number} 的商品没有条码，不能报废`);
  await release(c.tx, c.session.tenantId, lotOf(r), qty, 'quality-release');
  const input = documentSaveSchema.parse({
    info: { type: '出库', subType: '其它', operTime: nowText(), status: '1', remark },
    rows: [
      {
        materialExtendId: Number(src.ext),
        operNumber: qty.times(src.ratio).toDecimalPlaces(6).toFixed(),
        unitPrice: '0',
        depotId: r.depot_id!,
        ...(r.batch_number && { batchNumber: r.batch_number }),
      },
    ],
  });
  return addDocument(c, input);
}

/** Scraps all a failed lot holds in quarantine; the NCR closes and names the 其它出库. */
async function scrapHeld(c: RequestCtx, r: InspectionRow, ncrId: number) {
  const doc = await scrapOut(c, r, new Decimal(r.held_qty), `质检不合格报废：${r.number}（来源 ${r.source_number ?? ''}）`);
  await c.tx.query(`update quality_nonconformance set status = 'closed', scrap_header_id = $3 where tenant_id = $1 and id = $2`, [
    c.session.tenantId,
    ncrId,
    doc.id,
  ]);
  return doc.number;
}

/**
 * What a verdict does beyond the inspection row: a scrapped lot held in quarantine leaves stock; the area of the
 * inspection's source hears the outcome (an operation report's units are released, scrapped or returned to the operation).
 */
export async function applyOutcome(c: RequestCtx, r: InspectionRow, v: { verdict: Verdict; disposition?: Disposition }, ncrId: number | null) {
  let scrapNumber: string | null = null;
  if (v.verdict === 'fail' && v.disposition === 'scrap' && new Decimal(r.held_qty).gt(0)) scrapNumber = await scrapHeld(c, r, ncrId!);
  const hook = outcomeHooks.get(r.source_kind);
  if (hook) {
    await hook(c.tx, c.session.tenantId, c.session.userId, {
      inspectionId: r.id,
      number: r.number,
      sourceId: r.source_id === null ? null : Number(r.source_id),
      sourceItemId: r.source_item_id === null ? null : Number(r.source_item_id),
      lotQty: new Decimal(r.lot_qty),
      verdict: v.verdict,
      disposition: v.disposition ?? null,
    });
    if (ncrId && (v.disposition === 'scrap' || v.disposition === 'rework'))
      await c.tx.query(`update quality_nonconformance set status = 'closed' where tenant_id = $1 and id = $2`, [c.session.tenantId, ncrId]);
  }
  return scrapNumber;
}
