import type { FinDocType } from '@erp/entities';
import type { Tx } from '../../../platform/db/database.ts';
import { BusinessError } from '../../../platform/errors.ts';
import { logSelectSql, logValues } from '../../../platform/audit.ts';
import type { Session } from '../../../platform/auth/session.ts';

/** The 'add' log row of a new document, written by the numbering statement with the number it gives. */
export interface AddLog {
  session: Session;
  ip: string;
  lines: number;
}

export type NumberTry = { number: string; done: boolean };

/** One attempt of assignFinNumber's statement, sent at once (a save may send it behind its posting: issueFinNumber). */
function numberAttempt(tx: Tx, tenantId: number, headerId: number, t: FinDocType, at: Date, log?: AddLog): () => Promise<NumberTry | undefined> {
  const logged = log ? `, log as (${logSelectSql(6, "jsonb_build_object('number', s.number)", 'series s', 'exists (select 1 from head)')})` : '';
  const logParams = log ? logValues(log.session, log.ip, 'add', 'accountHead', [headerId], { lines: log.lines }) : [];
  const day = at.toISOString().slice(0, 10);
  return () =>
    tx.one<NumberTry>(
      `with series as (
         insert into doc_number_series(tenant_id, prefix, day, last_value) values ($1, $2, $3::date, 1)
         on conflict (tenant_id, prefix, day) do update set last_value = doc_number_series.last_value + 1
         returning $2 || $4 || lpad(last_value::text, greatest(4, length(last_value::text)), '0') as number
       ), head as (
         update account_head h set number = s.number from series s
          where h.tenant_id = $1 and h.id = $5 and not exists (select 1 from account_head o where o.tenant_id = $1 and o.number = s.number)
         returning h.id
       )${logged}
       select s.number, exists (select 1 from head) as done from series s`,
      [tenantId, t.prefix, day, day.replace(/-/g, ''), headerId, ...logParams],
    );
}

/**
 * The first attempt of assignFinNumber, sent now and answered later (issue 13: behind the posting's entry, in its
 * round trip); hand the promise to assignFinNumber as `first`, with the same arguments.
 */
export function issueFinNumber(tx: Tx, tenantId: number, headerId: number, t: FinDocType, at: Date, log?: AddLog): Promise<NumberTry | undefined> {
  const first = numberAttempt(tx, tenantId, headerId, t, at, log)();
  first.catch(() => undefined); // a failed statement before it fails it too: that statement's error is the one thrown
  return first;
}

/**
 * Gives a finance document its number, as the last statement of its save: PREFIX + yyyyMMdd + a
 * per-day sequence of 4 or more digits from the company's series (the counter the inventory
 * documents use, keyed by prefix). The counter row stays locked until commit, so numbers are unique
 * and gap-free and a rolled-back save returns its number; a number already taken is skipped. With `log`, the
 * document's 'add' log row ({number, lines}) is written by the same statement (issue 14: one round trip fewer).
 * `first`: the first attempt, already sent by issueFinNumber.
 */
export async function assignFinNumber(
  tx: Tx,
  tenantId: number,
  headerId: number,
  t: FinDocType,
  at: Date = new Date(),
  log?: AddLog,
  first?: Promise<NumberTry | undefined>,
): Promise<string> {
  const attempt = numberAttempt(tx, tenantId, headerId, t, at, log);
  for (let i = 0; i < 100; i++) {
    const r = i === 0 && first ? await first : await attempt();
    if (r!.done) return r!.number;
  }
  throw new BusinessError('没有可用的单据编号，请检查编号规则');
}
