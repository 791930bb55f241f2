import type { Tx } from '../../../platform/db/database.ts';

/**
 * Adds (sign 1) or takes away (sign −1) live documents in doc_day_summary and partner_day_summary
 * (db/migrations/040), in the saving transaction: one statement, each table upserted in key order.
 * A save adds the document once it is complete; an edit first takes the stored version away; a
 * delete takes it away before it is marked deleted.
 */
export async function bookDocuments(tx: Tx, tenantId: number, headerIds: number[], sign: 1 | -1): Promise<void> {
  await tx.query(`with ${bookingCtes('$1', '$2::bigint[]', '$3')} select 1`, [tenantId, headerIds, sign]);
}

/**
 * The booking as WITH items (book_h, book_d, book_p) of a statement that does more (a new document's number):
 * `tenant`, `ids` (bigint[]) and `sign` are SQL expressions, and `when` a condition it books under.
 */
export function bookingCtes(tenant: string, ids: string, sign: string, when = 'true'): string {
  return `book_h as (
       select doc_key, oper_time::date as day, organ_id, discount_last_money as amount, debt from depot_head
        where tenant_id = ${tenant} and id = any(${ids}) and ${when}
     ), book_d as (
       insert into doc_day_summary as s (tenant_id, doc_key, day, docs, amount, debt)
       select ${tenant}, doc_key, day, ${sign} * count(*), ${sign} * sum(amount), ${sign} * sum(debt) from book_h group by doc_key, day order by doc_key, day
       on conflict (tenant_id, doc_key, day) do update set docs = s.docs + excluded.docs, amount = s.amount + excluded.amount, debt = s.debt + excluded.debt
     ), book_p as (
       insert into partner_day_summary as s (tenant_id, organ_id, doc_key, day, docs, amount, debt)
       select ${tenant}, organ_id, doc_key, day, ${sign} * count(*), ${sign} * sum(amount), ${sign} * sum(debt) from book_h where organ_id is not null
        group by organ_id, doc_key, day order by organ_id, doc_key, day
       on conflict (tenant_id, organ_id, doc_key, day) do update set docs = s.docs + excluded.docs, amount = s.amount + excluded.amount, debt = s.debt + excluded.debt
     )`;
}
