import type { Tx } from '../../platform/db/database.ts';

/** Project numbers: PREFIX + yyyyMMdd + a per-day sequence from the company's series (doc_number_series, locked until commit). */
export async function nextProjectNumber(tx: Tx, tenantId: number, prefix: string, at: Date = new Date()): Promise<string> {
  const day = at.toISOString().slice(0, 10);
  const r = await tx.one<{ number: string }>(
    `insert into doc_number_series(tenant_id, prefix, day, last_value) values ($1, $2, $3::date, 1)
     on conflict (tenant_id, prefix, day) do update set last_value = doc_number_series.last_value + 1
     returning $2 || $4 || lpad(last_value::text, greatest(4, length(last_value::text)), '0') as number`,
    [tenantId, prefix, day, day.replace(/-/g, '')],
  );
  return r!.number;
}
