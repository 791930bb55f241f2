import type { Tx } from '../../platform/db/database.ts';

/**
 * The next document number: PREFIX + yyyyMMdd + 4-digit sequence, per company, prefix and day.
 * The counter row is locked by the update until the transaction ends, so concurrent saves
 * queue on it: numbers are unique and gap-free, and a rolled-back save returns its number.
 * Deleted documents keep theirs, so a number is never reused.
 */
export async function nextNumber(tx: Tx, tenantId: number, prefix: string, at: Date = new Date()): Promise<string> {
  const day = at.toISOString().slice(0, 10);
  const r = await tx.one<{ last_value: number }>(
    `insert into doc_number_series(tenant_id, prefix, day, last_value) values ($1, $2, $3, 1)
     on conflict (tenant_id, prefix, day) do update set last_value = doc_number_series.last_value + 1
     returning last_value`,
    [tenantId, prefix, day],
  );
  return `${prefix}${day.replace(/-/g, '')}${String(r!.last_value).padStart(4, '0')}`;
}
