import { Decimal } from 'decimal.js';
import type { RequestCtx } from '../../platform/request-ctx.ts';
import type { Tx } from '../../platform/db/database.ts';
import { BusinessError, notFound } from '../../platform/errors.ts';
import { checkAccess } from '../../platform/auth/access.ts';
import { logWrite } from '../../platform/audit.ts';
import { hold, release } from './quarantine.ts';
import { planOf, templateFor } from './sampling.ts';

export type Stage = 'incoming' | 'outgoing' | 'inProcess';
export const STAGE_MENU: Record<Stage, string> = { incoming: '/quality/incoming', outgoing: '/quality/outgoing', inProcess: '/quality/in_process' };

/** Where an inspection comes from. Other areas call createInspectionFor with one (operation reports, arrival advice). */
export interface InspectionSource {
  stage: Stage;
  /** purchaseIn, saleOut, or the caller's own kind (operationReport, arrivalAdvice …) */
  sourceKind: string;
  sourceId?: number | null;
  sourceItemId?: number | null;
  sourceNumber?: string | null;
  partnerId?: number | null;
  materialId: number;
  depotId?: number | null;
  batch?: string | null;
  qty: Decimal;
  /** the lot is on the ledger in depotId and goes into quarantine until its verdict */
  quarantine?: boolean;
  /** the value the lot came in with (the quarantine move takes exactly this out of depotId) */
  value?: Decimal | null;
}

/**
 * Opens an inspection for a lot when its material has a template for the stage (else returns null):
 * the sample size from the template's rule, and (quarantine) the lot moved into the quarantine warehouse.
 */
export async function createInspectionFor(
  tx: Tx,
  tenantId: number,
  userId: number | null,
  s: InspectionSource,
): Promise<{ id: number; number: string } | null> {
  const t = await templateFor(tx, tenantId, s.materialId, s.stage);
  if (!t) return null;
  const plan = planOf(t, s.qty);
  const held = s.quarantine && s.depotId ? s.qty : new Decimal(0);
  const r = (await tx.one<{ id: number; number: string }>(
    `insert into quality_inspection(tenant_id, number, stage, source_kind, source_id, source_item_id, source_number, partner_id, material_id,
                                    depot_id, batch_number, lot_qty, held_qty, template_id, sample_size, accept_number, reject_number, creator)
     values ($1, 'QC' || to_char(now(), 'YYYYMMDD') || '-' || nextval(pg_get_serial_sequence('quality_inspection', 'id')), $2, $3, $4, $5, $6, $7, $8,
             $9, $10, $11, $12, $13, $14, $15, $16, $17)
     returning id, number`,
    [
      tenantId,
      s.stage,
      s.sourceKind,
      s.sourceId ?? null,
      s.sourceItemId ?? null,
      s.sourceNumber ?? null,
      s.partnerId ?? null,
      s.materialId,
      s.depotId ?? null,
      s.batch ?? '',
      s.qty.toFixed(),
      held.toFixed(),
      t.id,
      plan.sampleSize,
      plan.accept,
      plan.reject,
      userId,
    ],
  ))!;
  if (held.gt(0)) await hold(tx, tenantId, { id: r.id, material_id: s.materialId, depot_id: s.depotId!, batch_number: s.batch ?? '' }, held, s.value ?? null);
  return { id: Number(r.id), number: r.number };
}

/**
 * A purchase inbound audited, or made from a supplier's arrival advice (then with the advice's batches): one incoming
 * inspection per line whose material has a template, its goods into quarantine once they are on the ledger. A line
 * whose inspection is still pending is not inspected twice: an inspection opened on a draft that had not posted
 * (stock-audit switch on) takes the goods into quarantine when the inbound's audit posts them.
 */
export async function inspectPurchaseInbound(c: RequestCtx, headerId: number) {
  const lines = await c.tx.query<{
    id: number;
    material_id: number;
    depot_id: number;
    batch_number: string | null;
    qty: string;
    value: string;
    organ_id: number;
    number: string;
    posted: boolean;
    pending: InspectionRow | null;
  }>(
    `select i.id, i.material_id, i.depot_id, i.batch_number, i.basic_number::text as qty, h.organ_id, h.number, h.posted,
            (select coalesce(sum(l.value_change), 0)::text from stock_ledger l where l.tenant_id = i.tenant_id and l.header_id = h.id and l.item_id = i.id) as value,
            (select json_build_object('id', q.id, 'material_id', q.material_id, 'depot_id', q.depot_id, 'batch_number', q.batch_number, 'held_qty', q.held_qty::text)
               from quality_inspection q where q.tenant_id = h.tenant_id and q.source_kind = 'purchaseIn' and q.source_item_id = i.id and q.status = 'pending'
              order by q.id desc limit 1) as pending
       from depot_head h join depot_item i on i.tenant_id = h.tenant_id and i.header_id = h.id and not i.delete_flag
      where h.tenant_id = $1 and h.id = $2 and h.doc_key = 'purchaseIn' and i.basic_number > 0
      order by i.line_no`,
    [c.session.tenantId, headerId],
  );
  for (const l of lines) {
    const qty = new Decimal(l.qty);
    if (l.pending) {
      // opened on a draft before its goods were on the ledger: they go into quarantine now
      if (l.posted && new Decimal(l.pending.held_qty).isZero()) await holdPending(c, l.pending, qty, new Decimal(l.value));
      continue;
    }
    await createInspectionFor(c.tx, c.session.tenantId, c.session.userId, {
      stage: 'incoming',
      sourceKind: 'purchaseIn',
      sourceId: headerId,
      sourceItemId: l.id,
      sourceNumber: l.number,
      partnerId: l.organ_id,
      materialId: l.material_id,
      depotId: l.depot_id,
      batch: l.batch_number,
      qty,
      quarantine: l.posted,
      value: new Decimal(l.value),
    });
  }
}

async function holdPending(c: RequestCtx, r: Pick<InspectionRow, 'id' | 'material_id' | 'depot_id' | 'batch_number'>, qty: Decimal, value: Decimal) {
  await c.tx.query('update quality_inspection set held_qty = $3, updated_at = now() where tenant_id = $1 and id = $2', [
    c.session.tenantId,
    r.id,
    qty.toFixed(),
  ]);
  await hold(
    c.tx,
    c.session.tenantId,
    { id: Number(r.id), material_id: Number(r.material_id), depot_id: Number(r.depot_id), batch_number: r.batch_number },
    qty,
    value,
  );
}

/** A document with an unfinished incoming inspection (goods held, or a draft's inspection pending) cannot be un-audited, changed or deleted. */
export async function refuseWhileHeld(c: RequestCtx, doc: { id: number; docKey: string; number: string }) {
  if (doc.docKey !== 'purchaseIn') return;
  const q = await c.tx.one<{ number: string; held: boolean }>(
    `select number, held_qty > 0 as held from quality_inspection
      where tenant_id = $1 and source_kind = 'purchaseIn' and source_id = $2 and (held_qty > 0 or status = 'pending') order by held_qty > 0 desc, id limit 1`,
    [c.session.tenantId, doc.id],
  );
  if (q?.held) throw new BusinessError(`单据 ${doc.number} 的货物正在待检隔离中（质检单 ${q.number}），请先完成检验`);
  if (q) throw new BusinessError(`单据 ${doc.number} 有未完成的来料检验（质检单 ${q.number}），请先完成检验`);
}

export interface InspectionRow {
  id: number;
  number: string;
  stage: Stage;
  status: string;
  source_kind: string;
  source_id: number | null;
  source_item_id: number | null;
  source_number: string | null;
  partner_id: number | null;
  material_id: number;
  depot_id: number | null;
  batch_number: string;
  lot_qty: string;
  held_qty: string;
  sample_size: number;
  accept_number: number;
  template_id: number;
}

/** Locks an inspection of the company for a change, checking the caller may work on its stage. */
export async function lockInspection(c: RequestCtx, id: number): Promise<InspectionRow> {
  const r = await c.tx.one<InspectionRow>(
    `select id, number, stage, status, source_kind, source_id, source_item_id, source_number, partner_id, material_id, depot_id, batch_number,
            lot_qty::text, held_qty::text, sample_size, accept_number, template_id
       from quality_inspection where tenant_id = $1 and id = $2 for update`,
    [c.session.tenantId, id],
  );
  if (!r) throw notFound('质检单不存在');
  checkAccess(c.session, { menu: STAGE_MENU[r.stage], btn: '1' });
  return r;
}

export const lotOf = (r: InspectionRow) => ({ id: r.id, material_id: r.material_id, depot_id: r.depot_id!, batch_number: r.batch_number });

/** Releases what a lot still holds in quarantine to its warehouse. */
export async function releaseLot(c: RequestCtx, r: InspectionRow) {
  const held = new Decimal(r.held_qty);
  if (held.gt(0)) await release(c.tx, c.session.tenantId, lotOf(r), held, 'quality-release');
  await logWrite(c.tx, c.session, c.ip, 'update', 'qualityInspection', [r.id], { release: held.toFixed() });
}
