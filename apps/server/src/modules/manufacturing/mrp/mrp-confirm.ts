import Decimal from 'decimal.js';
import type { RequestCtx } from '../../../platform/request-ctx.ts';
import { BusinessError, notFound } from '../../../platform/errors.ts';
import { logWrite } from '../../../platform/audit.ts';
import { planningSources } from '../../inventory/index.ts';

interface Proposal {
  id: number;
  kind: 'make' | 'buy';
  material_id: number;
  qty: string;
  due_date: string;
  start_date: string;
  bar_code: string | null;
  name: string;
}

/**
 * Confirms proposals in bulk: planned make orders become draft make orders (one each, source MRP),
 * planned purchases become one purchase request (请购单) through inventory's own save. All or nothing.
 */
export async function confirmProposals(c: RequestCtx, ids: number[]) {
  const { tx, session } = c;
  const list = await tx.query<Proposal>(
    `select p.id::int as id, p.kind, p.material_id::int as material_id, p.qty::text as qty, to_char(p.due_date, 'YYYY-MM-DD') as due_date,
            to_char(p.start_date, 'YYYY-MM-DD') as start_date, m.name,
            (select e.bar_code from material_extend e where e.tenant_id = p.tenant_id and e.material_id = p.material_id and not e.delete_flag
              order by e.default_flag desc, e.id limit 1) as bar_code
       from mfg_mrp_proposal p join material m on m.tenant_id = p.tenant_id and m.id = p.material_id
      where p.tenant_id = $1 and p.id = any($2::bigint[]) and p.status = 'proposed' order by p.id for update of p`,
    [session.tenantId, ids],
  );
  if (list.length !== ids.length) throw notFound('部分MRP建议不存在或已确认，未确认任何建议');
  const make = list.filter((p) => p.kind === 'make');
  const buy = list.filter((p) => p.kind === 'buy');
  const docs = new Map<number, string>();
  if (make.length) {
    // one draft make order per planned one, numbered MRP<date>-<proposal id>
    const orders = await tx.query<{ id: number; mo_no: string }>(
      `insert into mfg_make_order(tenant_id, mo_no, order_type, order_date, promised_date, planner, status, remark, creator, updater)
       select $1, 'MRP' || to_char(current_date, 'YYYYMMDD') || '-' || p.id, 'stock', current_date, p.due_date, $3, 'draft', 'MRP', $4, $4
         from mfg_mrp_proposal p where p.tenant_id = $1 and p.id = any($2::bigint[])
       returning id::int as id, mo_no`,
      [session.tenantId, make.map((p) => p.id), session.username, session.userId],
    );
    const pid = orders.map((o) => Number(o.mo_no.split('-')[1]));
    await tx.query(
      `insert into mfg_make_order_line(tenant_id, make_order_id, line_type, source, source_line_no, material_id, quantity, product_date, creator, updater)
       select $1, o.id, 'product', 'mrp', p.id::text, p.material_id, p.qty, p.start_date, $4, $4
         from unnest($2::bigint[], $3::bigint[]) as o(id, pid) join mfg_mrp_proposal p on p.tenant_id = $1 and p.id = o.pid`,
      [session.tenantId, orders.map((o) => o.id), pid, session.userId],
    );
    orders.forEach((o, i) => docs.set(pid[i], o.mo_no));
  }
  if (buy.length) {
    const missing = buy.find((p) => !p.bar_code);
    if (missing) throw new BusinessError(`物料 ${missing.name} 没有条码，不能生成请购单`);
    const doc = await planningSources.addDocument(c, {
      info: { type: '其它', subType: '请购单', operTime: new Date().toISOString().slice(0, 19).replace('T', ' '), remark: 'MRP', payType: '现付', status: '0' },
      rows: buy.map((p) => ({
        barCode: p.bar_code!,
        operNumber: new Decimal(p.qty).toDecimalPlaces(3, Decimal.ROUND_UP).toString(),
        remark: `交期 ${p.due_date}`,
      })),
    });
    for (const p of buy) docs.set(p.id, doc.number);
  }
  await tx.query(
    `update mfg_mrp_proposal p set status = 'confirmed', doc_no = d.doc_no, confirmed_by = $3, confirmed_at = now()
       from unnest($2::bigint[], $4::text[]) as d(id, doc_no) where p.tenant_id = $1 and p.id = d.id`,
    [session.tenantId, [...docs.keys()], session.userId, [...docs.values()]],
  );
  await logWrite(tx, session, c.ip, 'update', 'mrpProposal', ids, { status: 'confirmed' });
  return { message: '确认成功', makeOrders: make.length, purchaseRequests: buy.length ? 1 : 0, documents: [...new Set(docs.values())] };
}
