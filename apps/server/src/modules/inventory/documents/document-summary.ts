import type { Tx } from '../../../platform/db/database.ts';

/**
 * Adds (sign 1) or takes away (sign −1) live documents in doc_day_summary and partner_day_summary
 * (db/migrations/040), in the saving transaction: one statement, each table upserted in key order.
 * A save adds the document once it is complete; an edit first takes the stored version away; a
 * delete takes it away before it is marked deleted.
 */
export async function bookDocuments(tx: Tx, tenantId: number, headerIds: number[], sign: 1 | -1): Promise<void> {
  await tx.query(
    `with h as (select doc_key, oper_time::date as day, organ_id, discount_last_money as amount, debt from depot_head where tenant_id = $1 and id = any($2::bigint[])),
     t as (insert into doc_day_summary as s (tenant_id, doc_key, day, docs, amount, debt)
           select $1, doc_key, day, $3 * count(*), $3 * sum(amount), $3 * sum(debt) from h group by doc_key, day order by doc_key, day
           on conflict (tenant_id, doc_key, day) do update set docs = s.docs + excluded.docs, amount = s.amount + excluded.amount, debt = s.debt + excluded.debt)
     insert into partner_day_summary as s (tenant_id, organ_id, doc_key, day, docs, amount, debt)
     select $1, organ_id, doc_key, day, $3 * count(*), $3 * sum(amount), $3 * sum(debt) from h where organ_id is not null
      group by organ_id, doc_key, day order by organ_id, doc_key, day
     on conflict (tenant_id, organ_id, doc_key, day) do update set docs = s.docs + excluded.docs, amount = s.amount + excluded.amount, debt = s.debt + excluded.debt`,
    [tenantId, headerIds, sign],
  );
}
