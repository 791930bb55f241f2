import type { DocType } from '@erp/entities';
import type { Tx } from '../../../platform/db/database.ts';
import { BusinessError } from '../../../platform/errors.ts';
import { logSelectSql } from '../../../platform/audit.ts';
import { bookingCtes } from './document-summary.ts';

export const NUMBER_MSG = {
  exhausted: (rule: string) => `编号规则“${rule}”的流水号已超出流水号长度，请修改编号规则`,
  noFreeNumber: '没有可用的单据编号，请检查编号规则',
};

/** What a new document's save writes with its number, in the same statement (one round trip each fewer). */
export interface AfterNumber {
  /** adds the document to the day summaries (bookDocuments) */
  book?: boolean;
  /** the save's log row (logValues), its content given the number */
  log?: unknown[];
}

/**
 * Gives the document its number, as the last statement of its save. The company's enabled
 * identification-number series (serial_rule) whose code is the type's key (otherOut) or number
 * prefix (QTCK) makes it: prefix + date (yyyyMMdd, yyyyMM or none) + its next number, at least
 * number_length digits. Without one: PREFIX + yyyyMMdd + a per-day sequence of 4 or more digits
 * (ARCHITECTURE §5). Either counter row is locked by the update until the transaction ends, so
 * concurrent saves queue on it for one statement: numbers are unique and gap-free, and a rolled
 * back save returns its number. A number already taken (a series edited back, or two series
 * making the same text) is skipped. Deleted documents keep their numbers, so none is reused.
 */
export async function assignNumber(tx: Tx, tenantId: number, headerId: number, t: DocType, then: AfterNumber = {}, at: Date = new Date()): Promise<string> {
  const day = at.toISOString().slice(0, 10);
  const ymd = day.replace(/-/g, '');
  // what rides with the number, written once, by the attempt that gave it
  const given = 'exists (select 1 from head)';
  const more = [
    ...(then.book ? [bookingCtes('$1', 'array[$6::bigint]', '1', given)] : []),
    ...(then.log ? [`log as (${logSelectSql(7, "jsonb_build_object('number', p.number)", 'picked p', `p.fits and ${given}`)})`] : []),
  ];
  for (let attempt = 0; attempt < 100; attempt++) {
    const r = await tx.one<{ number: string; rule: string | null; fits: boolean; done: boolean }>(
      `with rule as (
         update serial_rule r set next_number = r.next_number + 1, updated_at = now()
          where r.tenant_id = $1 and r.id = (select id from serial_rule where tenant_id = $1 and enabled and code in ($2, $3)
                                              order by code = $2 desc, id limit 1)
         returning r.name, coalesce(r.prefix, '') || case r.date_format when 'yyyyMMdd' then $5 when 'yyyyMM' then left($5, 6) else '' end
                   || lpad((r.next_number - 1)::text, greatest(r.number_length, length((r.next_number - 1)::text)), '0') as number,
                   length((r.next_number - 1)::text) <= r.number_length as fits
       ), series as (
         insert into doc_number_series(tenant_id, prefix, day, last_value)
         select $1, $3, $4::date, 1 where not exists (select 1 from rule)
         on conflict (tenant_id, prefix, day) do update set last_value = doc_number_series.last_value + 1
         returning $3 || $5 || lpad(last_value::text, greatest(4, length(last_value::text)), '0') as number
       ), picked as (
         select number, name as rule, fits from rule union all select number, null, true from series
       ), head as (
         update depot_head h set number = p.number from picked p
          where h.tenant_id = $1 and h.id = $6 and p.fits
            and not exists (select 1 from depot_head o where o.tenant_id = $1 and o.number = p.number)
         returning h.id
       )${more.map((m) => `, ${m}`).join('')}
       select p.number, p.rule, p.fits, exists (select 1 from head) as done from picked p`,
      [tenantId, t.key, t.prefix, day, ymd, headerId, ...(then.log ?? [])],
    );
    if (!r!.fits) throw new BusinessError(NUMBER_MSG.exhausted(r!.rule!));
    if (r!.done) return r!.number;
  }
  throw new BusinessError(NUMBER_MSG.noFreeNumber);
}

/**
 * What jshERP's form shows as the new document's number before it is saved (its /sequence/buildNumber, which
 * the client puts after the type's prefix): today's date and the next per-day sequence, not reserved — the
 * document receives its own number from assignNumber when it is saved, whatever the form sent.
 */
export async function numberPreview(tx: Tx, tenantId: number, at: Date = new Date()): Promise<string> {
  const day = at.toISOString().slice(0, 10);
  const r = await tx.one<{ next: number }>(
    'select coalesce(max(last_value), 0)::int + 1 as next from doc_number_series where tenant_id = $1 and day = $2::date',
    [tenantId, day],
  );
  return day.replace(/-/g, '') + String(r?.next ?? 1).padStart(4, '0');
}
