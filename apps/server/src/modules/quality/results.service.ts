import { Decimal } from 'decimal.js';
import { judgeValue, type PlanItem } from '@erp/entities';
import type { RequestCtx } from '../../platform/request-ctx.ts';
import type { Tx } from '../../platform/db/database.ts';
import { BusinessError, badRequest } from '../../platform/errors.ts';
import { logWrite } from '../../platform/audit.ts';
import { lockInspection, releaseLot, type InspectionRow } from './inspection.service.ts';
import { applyOutcome, refuseDisposition } from './disposition.service.ts';
import { openLotRework, reworkQtyOf, type ReworkInput } from './rework.service.ts';

/** The items of an inspection's template, with the template's limits where it sets them. */
export async function planItems(tx: Tx, tenantId: number, templateId: number): Promise<PlanItem[]> {
  return tx.query<PlanItem>(
    `select d.id as "itemId", d.name, d.unit, d.method, d.value_kind as "valueKind",
            coalesce(ti.lower_limit, d.lower_limit)::text as "lowerLimit", coalesce(ti.upper_limit, d.upper_limit)::text as "upperLimit",
            d.choices, d.pass_choices as "passChoices"
       from quality_detection_template_item ti join quality_detection_item d on d.tenant_id = ti.tenant_id and d.id = ti.item_id
      where ti.tenant_id = $1 and ti.template_id = $2 order by ti.id`,
    [tenantId, templateId],
  );
}

export interface ResultInput {
  sampleNo: number;
  itemId: number;
  value: string;
  defectTypeId?: number | null;
}

const refuseDecided = (r: InspectionRow) => {
  if (r.status !== 'pending') throw new BusinessError(`质检单 ${r.number} 已判定，不能修改`);
};

/** Stores entered values (a value again replaces the earlier one); each is judged against its limits. A value of the wrong kind refuses all. */
export async function saveResults(c: RequestCtx, id: number, results: ResultInput[]) {
  const r = await lockInspection(c, id);
  refuseDecided(r);
  const items = new Map((await planItems(c.tx, c.session.tenantId, r.template_id)).map((i) => [Number(i.itemId), i]));
  const judged = results.map((x) => {
    const item = items.get(x.itemId);
    if (!item) throw badRequest(`检测项目 ${x.itemId} 不在本质检单的模板中`);
    if (x.sampleNo > r.sample_size) throw badRequest(`样本号 ${x.sampleNo} 超出样本数 ${r.sample_size}`);
    const j = judgeValue(item, x.value);
    if ('error' in j) throw badRequest(`样本 ${x.sampleNo}「${item.name}」：${j.error}`);
    return { ...x, value: x.value.trim(), ok: j.ok };
  });
  if (judged.some((j) => j.defectTypeId)) {
    const ids = [...new Set(judged.map((j) => j.defectTypeId).filter(Boolean))];
    const n = await c.tx.one<{ n: number }>('select count(*)::int as n from defect_type where tenant_id = $1 and id = any($2::bigint[]) and not delete_flag', [
      c.session.tenantId,
      ids,
    ]);
    if (n!.n !== ids.length) throw badRequest('不良类型不存在');
  }
  if (judged.length)
    await c.tx.query(
      `insert into quality_inspection_result(tenant_id, inspection_id, sample_no, item_id, value, ok, defect_type_id)
       select $1, $2, s, i, v, o, d from unnest($3::int[], $4::bigint[], $5::text[], $6::boolean[], $7::bigint[]) as x(s, i, v, o, d)
       on conflict (tenant_id, inspection_id, sample_no, item_id) do update set value = excluded.value, ok = excluded.ok, defect_type_id = excluded.defect_type_id`,
      [
        c.session.tenantId,
        id,
        judged.map((j) => j.sampleNo),
        judged.map((j) => j.itemId),
        judged.map((j) => j.value),
        judged.map((j) => j.ok),
        judged.map((j) => j.defectTypeId ?? null),
      ],
    );
  const s = await summary(c.tx, c.session.tenantId, r, items.size);
  return { results: judged.map(({ sampleNo, itemId, ok }) => ({ sampleNo, itemId, ok })), ...s };
}

/** How far entry is: missing values, defective samples, and what the rule suggests. */
async function summary(tx: Tx, tenantId: number, r: InspectionRow, itemCount: number) {
  const s = (await tx.one<{ entered: number; defective: number }>(
    `select count(*)::int as entered, count(distinct sample_no) filter (where not ok)::int as defective
       from quality_inspection_result where tenant_id = $1 and inspection_id = $2`,
    [tenantId, r.id],
  ))!;
  const missing = r.sample_size * itemCount - s.entered;
  return { missing, defective: s.defective, suggested: missing > 0 ? null : s.defective <= r.accept_number ? 'pass' : 'fail' };
}

export interface VerdictInput extends ReworkInput {
  verdict: 'pass' | 'fail' | 'concession';
  disposition?: 'return' | 'rework' | 'scrap' | 'useAsIs';
  defectTypeId?: number;
  remark?: string;
  pictures?: string;
}

/**
 * The lot's verdict. Pass needs every value and no more defective samples than the acceptance number;
 * pass, concession and use-as-is release the quarantine; fail records a non-conformance with its disposition.
 */
export async function decide(c: RequestCtx, id: number, v: VerdictInput) {
  const r = await lockInspection(c, id);
  refuseDecided(r);
  const items = await planItems(c.tx, c.session.tenantId, r.template_id);
  const s = await summary(c.tx, c.session.tenantId, r, items.length);
  if (s.missing > 0) throw new BusinessError(`还有 ${s.missing} 个检测值未录入`);
  if (v.verdict === 'pass' && s.defective > r.accept_number)
    throw new BusinessError(`不合格样本 ${s.defective} 个，超过允收数 ${r.accept_number}，不能判定合格（可判定不合格或让步接收）`);
  if (v.verdict === 'fail' && !v.disposition) throw badRequest('判定不合格须选择处置方式');
  refuseDisposition(r, v);
  const lotRework = v.verdict === 'fail' && v.disposition === 'rework' && r.stage !== 'inProcess';
  if (lotRework) reworkQtyOf(r, v);
  else if (v.reworkQty !== undefined || v.workCentreId !== undefined) throw badRequest('返工数量和工作中心只用于来料返工');
  if (
    v.defectTypeId &&
    !(await c.tx.one('select 1 from defect_type where tenant_id = $1 and id = $2 and not delete_flag', [c.session.tenantId, v.defectTypeId]))
  )
    throw badRequest('不良类型不存在');
  await c.tx.query(
    `update quality_inspection set status = $3, defective_qty = $4, inspector_id = $5, inspected_at = now(), remark = coalesce($6, remark),
            pictures = coalesce($7, pictures), updated_at = now() where tenant_id = $1 and id = $2`,
    [c.session.tenantId, id, v.verdict, s.defective, c.session.userId, v.remark ?? null, v.pictures ?? null],
  );
  let ncr: { id: number; number: string } | undefined;
  if (v.verdict === 'fail') {
    const qty = new Decimal(r.held_qty).gt(0) ? r.held_qty : r.lot_qty;
    ncr = (await c.tx.one<{ id: number; number: string }>(
      `insert into quality_nonconformance(tenant_id, number, inspection_id, defect_type_id, qty, disposition, remark, creator)
       values ($1, 'NCR' || to_char(now(), 'YYYYMMDD') || '-' || nextval(pg_get_serial_sequence('quality_nonconformance', 'id')), $2, $3, $4, $5, $6, $7)
       returning id, number`,
      [c.session.tenantId, id, v.defectTypeId ?? null, qty, v.disposition, v.remark ?? null, c.session.userId],
    ))!;
  }
  if (v.verdict !== 'fail' || v.disposition === 'useAsIs') await releaseLot(c, r);
  const scrapNumber = await applyOutcome(c, r, v, ncr ? Number(ncr.id) : null);
  const rework = lotRework ? await openLotRework(c, r, Number(ncr!.id), v) : null;
  await logWrite(c.tx, c.session, c.ip, 'update', 'qualityInspection', [id], { verdict: v.verdict, disposition: v.disposition });
  return {
    status: v.verdict,
    defective: s.defective,
    ncrNumber: ncr?.number ?? null,
    scrapNumber,
    reworkOrder: rework?.moNo ?? null,
    reworkWorkOrder: rework?.woNo ?? null,
    message: '操作成功',
  };
}
