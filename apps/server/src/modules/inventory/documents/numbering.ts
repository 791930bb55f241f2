import type { DocType } from '@erp/entities';
import { refusalOf, type Tx } from '../../../platform/db/database.ts';
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

/** How far past the counter a save looks for a number not taken (numbers taken otherwise: a series edited back, two series making the same text). */
const SEARCH = 1000;
/** The first n ≥ `start` (an SQL expression) whose number `fmt(n)` no document of the company has, or `start` + SEARCH. */
const firstFree = (start: string, fmt: (n: string) => string) =>
  `(with recursive c(n) as (select ${start} union all
     select c.n + 1 from c where c.n < ${start} + ${SEARCH} and exists (select 1 from depot_head o where o.tenant_id = $1 and o.number = ${fmt('c.n')}))
   select max(n) from c)`;
const ruleNumber = (n: string) =>
  `coalesce(r.prefix, '') || case r.date_format when 'yyyyMMdd' then $5 when 'yyyyMM' then left($5, 6) else '' end || lpad((${n})::text, greatest(r.number_length, length((${n})::text)), '0')`;
const seriesNumber = (n: string) => `$3 || $5 || lpad((${n})::text, greatest(4, length((${n})::text)), '0')`;

/** The statement's refusals (erp_refuse, migration 056), raised so that a commit sent behind it commits nothing. */
const REFUSED = { exhausted: 'ERNUX', noFree: 'ERNUF' } as const;
function refusal(e: unknown): unknown {
  const r = refusalOf(e, REFUSED.exhausted, REFUSED.noFree);
  if (!r) return e;
  return new BusinessError(r.code === REFUSED.exhausted ? NUMBER_MSG.exhausted(r.detail) : NUMBER_MSG.noFreeNumber);
}

/**
 * Gives the document its number, as the last statement of its save. The company's enabled
 * identification-number series (serial_rule) whose code is the type's key (otherOut) or number
 * prefix (QTCK) makes it: prefix + date (yyyyMMdd, yyyyMM or none) + its next number, at least
 * number_length digits. Without one: PREFIX + yyyyMMdd + a per-day sequence of 4 or more digits
 * (ARCHITECTURE §5). Either counter row is locked by the update until the transaction ends, so
 * concurrent saves queue on it for one statement: numbers are unique and gap-free, and a rolled
 * back save returns its number. A number already taken (a series edited back, or two series
 * making the same text) is skipped within the statement (the counter moves past it, as it did when
 * each try was a statement), so the statement never needs a second try; a rule outgrown, or no free
 * number within SEARCH, raises (the transaction is aborted) and is answered with NUMBER_MSG.
 * `commit`: the statement is the transaction's last, sent with its commit behind it (Tx.oneAndCommit, issue 13).
 * Sends its statement before its first await, so a caller may issue it right behind another (document.service's closer).
 */
export async function assignNumber(
  tx: Tx,
  tenantId: number,
  headerId: number,
  t: DocType,
  then: AfterNumber = {},
  at: Date = new Date(),
  commit = false,
): Promise<string> {
  const day = at.toISOString().slice(0, 10);
  const ymd = day.replace(/-/g, '');
  // what rides with the number, written once, by the statement that gave it
  const given = 'exists (select 1 from head)';
  const more = [
    ...(then.book ? [bookingCtes('$1', 'array[$6::bigint]', '1', given)] : []),
    ...(then.log ? [`log as (${logSelectSql(7, "jsonb_build_object('number', p.number)", 'picked p', `p.fits and ${given}`)})`] : []),
  ];
  const sql = `with rule as (
         update serial_rule r set next_number = ${firstFree('r.next_number', ruleNumber)} + 1, updated_at = now()
          where r.tenant_id = $1 and r.id = (select id from serial_rule where tenant_id = $1 and enabled and code in ($2, $3)
                                              order by code = $2 desc, id limit 1)
         returning r.name, ${ruleNumber('r.next_number - 1')} as number, length((r.next_number - 1)::text) <= r.number_length as fits
       ), series as (
         insert into doc_number_series(tenant_id, prefix, day, last_value)
         select $1, $3, $4::date,
                case when exists (select 1 from doc_number_series where tenant_id = $1 and prefix = $3 and day = $4::date) then 1 else ${firstFree('1', seriesNumber)} end
          where not exists (select 1 from rule)
         on conflict (tenant_id, prefix, day) do update set last_value = ${firstFree('doc_number_series.last_value + 1', seriesNumber)}
         returning ${seriesNumber('last_value')} as number
       ), picked as (
         select number, name as rule, fits from rule union all select number, null, true from series
       ), head as (
         update depot_head h set number = p.number from picked p
          where h.tenant_id = $1 and h.id = $6 and p.fits
            and not exists (select 1 from depot_head o where o.tenant_id = $1 and o.number = p.number)
         returning h.id
       )${more.map((m) => `, ${m}`).join('')}
       select p.number,
              case when not p.fits then erp_refuse('${REFUSED.exhausted}', p.rule) when not ${given} then erp_refuse('${REFUSED.noFree}', p.number) end as refused
         from picked p`;
  const params = [tenantId, t.key, t.prefix, day, ymd, headerId, ...(then.log ?? [])];
  const sent = commit && tx.oneAndCommit ? tx.oneAndCommit<{ number: string }>(sql, params) : tx.one<{ number: string }>(sql, params);
  try {
    return (await sent)!.number;
  } catch (e) {
    throw refusal(e);
  }
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
