import type { Tx } from '../../../platform/db/database.ts';
import type { RequestCtx } from '../../../platform/request-ctx.ts';
import { BusinessError, notFound } from '../../../platform/errors.ts';
import { logWrite } from '../../../platform/audit.ts';
import { planningSources } from '../../inventory/index.ts';
import { costRollup } from '../bom/cost-rollup.ts';

/** Each line's unit cost from its product's BOM and route, at the line's quantity (the price basis shown beside the price). */
export async function rollUpQuotationCosts(tx: Tx, tenantId: number, quotationId: number) {
  const lines = await tx.query<{ id: number; material_id: number; quantity: string }>(
    'select id::int as id, material_id::int as material_id, quantity::text as quantity from mfg_quotation_line where tenant_id = $1 and quotation_id = $2',
    [tenantId, quotationId],
  );
  for (const l of lines) {
    const cost = await costRollup(tx, tenantId, l.material_id, l.quantity);
    await tx.query('update mfg_quotation_line set cost_price = $3 where tenant_id = $1 and id = $2', [tenantId, l.id, cost.unitCost]);
  }
}

/** A quotation becomes an (unaudited) sales order in one step, its lines at the quoted prices; the quotation records the order's number. */
export async function quotationToSaleOrder(c: RequestCtx, id: number) {
  const { tx, session } = c;
  const t = session.tenantId;
  const q = await tx.one<{
    quotation_no: string;
    client_id: number;
    delivery: string | null;
    valid_to: string | null;
    sale_order_no: string | null;
    expired: boolean;
  }>(
    `select quotation_no, client_id::int as client_id, to_char(delivery_date, 'YYYY-MM-DD') as delivery, sale_order_no,
            valid_to is not null and valid_to < current_date as expired
       from mfg_quotation where tenant_id = $1 and id = $2 for update`,
    [t, id],
  );
  if (!q) throw notFound('报价单不存在');
  if (q.sale_order_no) throw new BusinessError(`报价单 ${q.quotation_no} 已转为销售订单 ${q.sale_order_no}`);
  if (q.expired) throw new BusinessError(`报价单 ${q.quotation_no} 已过有效期`);
  const lines = await tx.query<{ bar_code: string | null; name: string; quantity: string; unit_price: string; remark: string | null }>(
    `select (select e.bar_code from material_extend e where e.tenant_id = l.tenant_id and e.material_id = l.material_id and not e.delete_flag
              order by e.default_flag desc, e.id limit 1) as bar_code, m.name, trim_scale(l.quantity)::text as quantity,
            trim_scale(l.unit_price)::text as unit_price, l.remark
       from mfg_quotation_line l join material m on m.tenant_id = l.tenant_id and m.id = l.material_id
      where l.tenant_id = $1 and l.quotation_id = $2 order by l.id`,
    [t, id],
  );
  if (!lines.length) throw new BusinessError('报价单没有明细');
  const noCode = lines.find((l) => !l.bar_code);
  if (noCode) throw new BusinessError(`产品 ${noCode.name} 没有条码，不能生成销售订单`);
  const doc = await planningSources.addDocument(c, {
    info: {
      type: '其它',
      subType: '销售订单',
      operTime: new Date().toISOString().slice(0, 19).replace('T', ' '),
      organId: q.client_id,
      ...(q.delivery && { deliveryDate: q.delivery }),
      remark: `报价单 ${q.quotation_no}`,
      payType: '现付',
      status: '0',
    },
    rows: lines.map((l) => ({ barCode: l.bar_code!, operNumber: l.quantity, unitPrice: l.unit_price, ...(l.remark && { remark: l.remark }) })),
  });
  await tx.query('update mfg_quotation set sale_order_no = $3, updated_at = now(), updater = $4 where tenant_id = $1 and id = $2', [
    t,
    id,
    doc.number,
    session.userId,
  ]);
  await logWrite(tx, session, c.ip, 'update', 'quotation', [id], { saleOrder: doc.number });
  return { number: doc.number, id: doc.id, message: '已生成销售订单' };
}
