import type { Database } from '../../../platform/db/database.ts';
import { notFound } from '../../../platform/errors.ts';

/**
 * The open page /extra/shippingPlan/{id} shows a shipping plan to a customer without sign-in.
 * The id is "<tenantId>-<random uuid>": the tenant part opens that company's scope, the uuid is
 * the secret. Only what a customer needs is shown: no prices, no internal remarks of other docs.
 */
export async function sharedShippingPlan(db: Database, id: string) {
  const [tenant, ...rest] = id.split('-');
  const token = rest.join('-');
  return db.tenant(Number(tenant), async (tx) => {
    const head = await tx.one<{ id: number } & Record<string, unknown>>(
      `select h.id, h.number, to_char(h.oper_time, 'YYYY-MM-DD') as "operTime", to_char(h.delivery_date, 'YYYY-MM-DD') as "deliveryDate",
              p.name as "customerName", h.transport_company as "transportCompany", h.transport_number as "transportNumber",
              h.remark, c.company_name as "companyName"
         from depot_head h left join partner p on p.tenant_id = h.tenant_id and p.id = h.organ_id
         join system_config c on c.tenant_id = h.tenant_id
        where h.tenant_id = $1 and h.share_token = $2::uuid::text and h.doc_key = 'shippingPlan' and not h.delete_flag`,
      [Number(tenant), token],
    );
    if (!head) throw notFound('发货计划不存在或链接已失效');
    const rows = await tx.query(
      `select i.line_no as "lineNo", m.name as "materialName", m.standard, m.model, e.bar_code as "barCode", i.material_unit as unit,
              i.oper_number::float8 as "operNumber", i.remark
         from depot_item i join material m on m.tenant_id = i.tenant_id and m.id = i.material_id
         join material_extend e on e.tenant_id = i.tenant_id and e.id = i.material_extend_id
        where i.tenant_id = $1 and i.header_id = $2 and not i.delete_flag order by i.line_no`,
      [Number(tenant), head.id],
    );
    const { id: _id, ...plan } = head;
    return { ...plan, rows };
  });
}
