import { Decimal } from 'decimal.js';
import type { Tx } from '../../platform/db/database.ts';
import type { Session } from '../../platform/auth/session.ts';
import type { RequestCtx } from '../../platform/request-ctx.ts';
import { BusinessError } from '../../platform/errors.ts';
import { logWrite } from '../../platform/audit.ts';
import { planningSources } from '../inventory/index.ts';
import { projectFor, visibleProjectAnd } from './access.ts';

/**
 * 采购需求 (issue 19 item 3): a project's procurement needs (material, quantity, needed-by date). 生成请购单 turns
 * the chosen open needs of one project into one draft purchase request (请购单) through inventory's own save, its
 * remark naming the project, and marks them requested with the request they went into. Member rule as the
 * other project records: a user sees and changes the needs of the projects they may see.
 */
export const NEED_MSG = {
  material: '商品不存在',
  some: '部分采购需求不存在、已生成请购单或不属于该项目，未生成请购单',
  barCode: (name: string) => `商品 ${name} 没有条码，不能生成请购单`,
} as const;

export interface NeedInput {
  projectId: number;
  materialId: number;
  qty: string;
  needDate: string;
  remark?: string | null;
}

export async function addNeed(c: RequestCtx, b: NeedInput) {
  const { tx, session } = c;
  await projectFor(tx, session, b.projectId);
  const m = await tx.one('select 1 from material where tenant_id = $1 and id = $2 and not delete_flag', [session.tenantId, b.materialId]);
  if (!m) throw new BusinessError(NEED_MSG.material);
  const row = await tx.one<{ id: number }>(
    `insert into proj_procurement_need(tenant_id, project_id, material_id, qty, need_date, remark, creator)
     values ($1, $2, $3, $4, $5, $6, $7) returning id::int as id`,
    [session.tenantId, b.projectId, b.materialId, new Decimal(b.qty).toFixed(), b.needDate, b.remark ?? null, session.userId],
  );
  await logWrite(tx, session, c.ip, 'add', 'procurementNeed', [row!.id], b);
  return { id: row!.id, message: '保存成功' };
}

export async function listNeeds(tx: Tx, s: Session, q: { projectId?: number; status?: 'open' | 'requested'; currentPage?: number; pageSize?: number }) {
  const pageSize = q.pageSize ?? 20;
  const where = `n.tenant_id = $1 and ($2::bigint is null or n.project_id = $2) and ($3::text is null or n.status = $3)
     and not p.delete_flag ${visibleProjectAnd(s, 'p', 4)}`;
  const params = [s.tenantId, q.projectId ?? null, q.status ?? null, s.userId];
  const from = `proj_procurement_need n join proj_project p on p.tenant_id = n.tenant_id and p.id = n.project_id`;
  const rows = await tx.query(
    `select n.id::int as id, n.project_id::int as "projectId", p.number as "projectNumber", p.name as "projectName",
            n.material_id::int as "materialId", m.name as "materialName", m.standard, m.unit, n.qty::text as qty,
            to_char(n.need_date, 'YYYY-MM-DD') as "needDate", n.status, n.request_id::int as "requestId", n.request_number as "requestNumber", n.remark
       from ${from} join material m on m.tenant_id = n.tenant_id and m.id = n.material_id
      where ${where} order by n.id desc limit $5 offset $6`,
    [...params, pageSize, ((q.currentPage ?? 1) - 1) * pageSize],
  );
  const total = await tx.one<{ n: number }>(`select count(*)::int as n from ${from} where ${where}`, params);
  return { rows, total: total!.n };
}

/** One draft purchase request of the chosen open needs of one project; all or nothing. */
export async function needsToRequest(c: RequestCtx, b: { projectId: number; ids: number[] }) {
  const { tx, session } = c;
  const project = await projectFor(tx, session, b.projectId);
  const ids = [...new Set(b.ids)];
  const needs = await tx.query<{ id: number; qty: string; need_date: string; name: string; bar_code: string | null }>(
    `select n.id::int as id, n.qty::text as qty, to_char(n.need_date, 'YYYY-MM-DD') as need_date, m.name,
            (select e.bar_code from material_extend e where e.tenant_id = n.tenant_id and e.material_id = n.material_id and not e.delete_flag
              order by e.default_flag desc, e.id limit 1) as bar_code
       from proj_procurement_need n join material m on m.tenant_id = n.tenant_id and m.id = n.material_id
      where n.tenant_id = $1 and n.project_id = $2 and n.id = any($3::bigint[]) and n.status = 'open'
      order by n.need_date, n.id for update of n`,
    [session.tenantId, b.projectId, ids],
  );
  if (needs.length !== ids.length) throw new BusinessError(NEED_MSG.some);
  const missing = needs.find((n) => !n.bar_code);
  if (missing) throw new BusinessError(NEED_MSG.barCode(missing.name));
  const doc = await planningSources.addDocument(c, {
    info: {
      type: '其它',
      subType: '请购单',
      operTime: new Date().toISOString().slice(0, 19).replace('T', ' '),
      remark: `项目 ${project.name}`.slice(0, 100),
      payType: '现付',
      status: '0',
    },
    rows: needs.map((n) => ({ barCode: n.bar_code!, operNumber: new Decimal(n.qty).toString(), remark: `需求日期 ${n.need_date}` })),
  });
  await tx.query(
    `update proj_procurement_need set status = 'requested', request_id = $3, request_number = $4 where tenant_id = $1 and id = any($2::bigint[])`,
    [session.tenantId, ids, doc.id, doc.number],
  );
  await logWrite(tx, session, c.ip, 'update', 'procurementNeed', ids, { status: 'requested', request: doc.number });
  return { message: '已生成请购单', id: doc.id, number: doc.number, count: ids.length };
}
