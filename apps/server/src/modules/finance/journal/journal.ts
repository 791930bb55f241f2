import { Decimal } from 'decimal.js';
import { refusalOf, type Tx } from '../../../platform/db/database.ts';
import { BusinessError } from '../../../platform/errors.ts';
import { openItemFor } from './open-items.ts';

/** Which kind of document wrote an entry: an inventory document (depot_head), a finance document (account_head), an invoice (fin_invoice), a bidding money record (bid_money) or a project's money (project). */
export type SourceKind = 'depot' | 'account' | 'invoice' | 'bid' | 'project';

export interface Source {
  kind: SourceKind;
  id: number;
}

/** One side of an entry: a signed amount, positive for a debit, negative for a credit. */
export interface Posting {
  account: number;
  amount: Decimal;
  partner?: number | null;
  /** the open item (a document's arrears) this line settles or raises */
  openItem?: number | null;
}

/** A debit of `amount` (a negative amount becomes a credit). */
export const dr = (account: number, amount: Decimal.Value, x: Partial<Posting> = {}): Posting => ({ account, amount: new Decimal(amount), ...x });
/** A credit of `amount` (a negative amount becomes a debit). */
export const cr = (account: number, amount: Decimal.Value, x: Partial<Posting> = {}): Posting => ({ account, amount: new Decimal(amount).neg(), ...x });

/** The refusal when an entry would fall in a closed account period (the database refuses it too). */
export const periodClosed = (period: string) => `账期 ${period} 已结账，不能记账`;

/** Refuses a date (YYYY-MM-DD…) in a closed account period with the journal's message, before another area writes anything dated then. */
export async function refuseClosedPeriod(tx: Tx, tenantId: number, date: string): Promise<void> {
  const r = await tx.one<{ period: string }>(`select period from account_period where tenant_id = $1 and closed and period = to_char($2::date, 'YYYY-MM')`, [
    tenantId,
    date.slice(0, 10),
  ]);
  if (r) throw new BusinessError(periodClosed(r.period));
}

/**
 * A document's own open item (its arrears), made or taken over with its entry in the same statement (issue 13: one
 * round trip fewer per posted sale): its id is the source's, its date the entry's; lines whose openItem is
 * OWN_OPEN_ITEM raise or settle it. The same row openItemFor would write.
 */
export interface OwnOpenItem {
  kind: string;
  account: number;
  partner: number | null;
  sign: 1 | -1;
}
export const OWN_OPEN_ITEM = 0;

/**
 * An entry in a closed period raises (erp_refuse, migration 056) rather than answering: a caller may have sent its
 * commit behind the statement that follows the entry (the sale's number, issue 13), and an aborted transaction commits nothing.
 */
const CLOSED_CODE = 'ERPCL';
const ENTRY_SQL = (own: boolean) =>
  `with closed as (select period from account_period where tenant_id = $1 and closed and period = to_char($4::date, 'YYYY-MM')),${
    own
      ? `
          oi as (insert into fin_open_item(tenant_id, doc_kind, doc_id, account_id, partner_id, sign, doc_date)
                 select $1, $10, $3, $11, $12, $13, $4::date where not exists (select 1 from closed)
                 on conflict (tenant_id, doc_kind, doc_id) do update
                   set account_id = excluded.account_id, partner_id = excluded.partner_id, sign = excluded.sign, doc_date = excluded.doc_date
                 returning id),`
      : ''
  }
          e as (insert into fin_entry(tenant_id, source_kind, source_id, entry_date, period, creator)
                select $1, $2, $3, $4::date, to_char($4::date, 'YYYYMM')::int, $5 where not exists (select 1 from closed) returning id, period),
          l as (insert into fin_journal_line(tenant_id, entry_id, account_id, partner_id, open_item_id, period, debit, credit)
                select $1, e.id, x.account, x.partner, ${own ? `case when x.open_item = ${OWN_OPEN_ITEM} then (select id from oi) else x.open_item end` : 'x.open_item'}, e.period, greatest(x.amount, 0), greatest(-x.amount, 0)
                  from e, unnest($6::bigint[], $7::bigint[], $8::bigint[], $9::numeric[]) as x(account, partner, open_item, amount))
     select (select id from e) as id, case when exists (select 1 from closed) then erp_refuse('${CLOSED_CODE}', (select period from closed)) end as refused`;
const ENTRY = ENTRY_SQL(false);
const ENTRY_WITH_OWN_ITEM = ENTRY_SQL(true);

/**
 * Writes one balanced entry for `source` dated `date` (YYYY-MM-DD). Zero lines are dropped; an
 * entry with nothing left is not written. The database checks the balance again at commit, keeps
 * the period balances and open items from the lines, and refuses a closed period. `own`: the source's
 * open item, written with the entry (even when the entry has no lines left). `alongside`: called once the entry's
 * statement is sent, before its answer, for the caller's next statement to share its round trip (not called when no
 * entry is written).
 */
export async function postEntry(
  tx: Tx,
  tenantId: number,
  source: Source,
  date: string,
  postings: Posting[],
  creator?: number,
  own?: OwnOpenItem,
  alongside?: () => void,
): Promise<number | null> {
  const lines = postings.map((p) => ({ ...p, amount: p.amount.toDecimalPlaces(6, Decimal.ROUND_HALF_UP) })).filter((p) => !p.amount.isZero());
  if (!lines.length) {
    if (own) await openItemFor(tx, tenantId, { ...own, id: source.id, date });
    return null;
  }
  const sum = lines.reduce((s, p) => s.plus(p.amount), new Decimal(0));
  // a posting rule that does not balance is our bug, not the user's: never written
  if (!sum.isZero()) throw new Error(`unbalanced entry for ${source.kind} ${source.id}: ${sum.toFixed()}`);
  // the closed-period check, the open item, the entry and its lines in one statement (one round trip, issue 13):
  // in a closed period nothing is inserted and the statement raises with the period, for the refusal
  const sent = tx.one<{ id: number | null }>(own ? ENTRY_WITH_OWN_ITEM : ENTRY, [
    tenantId,
    source.kind,
    source.id,
    date,
    creator ?? null,
    lines.map((l) => l.account),
    lines.map((l) => l.partner ?? null),
    lines.map((l) => l.openItem ?? null),
    lines.map((l) => l.amount.toFixed()),
    ...(own ? [own.kind, own.account, own.partner, own.sign] : []),
  ]);
  alongside?.();
  try {
    return Number((await sent)!.id);
  } catch (e) {
    const closed = refusalOf(e, CLOSED_CODE);
    throw closed ? new BusinessError(periodClosed(closed.detail)) : e;
  }
}

/** The entries of a source that stand: neither reversals nor reversed. */
export async function liveEntries(tx: Tx, tenantId: number, source: Source): Promise<number[]> {
  const rows = await tx.query<{ id: number }>(
    `select e.id from fin_entry e
      where e.tenant_id = $1 and e.source_kind = $2 and e.source_id = $3 and e.reverses is null
        and not exists (select 1 from fin_entry r where r.tenant_id = e.tenant_id and r.reverses = e.id)
      order by e.id`,
    [tenantId, source.kind, source.id],
  );
  return rows.map((r) => Number(r.id));
}

/**
 * Cancels what a source posted: each standing entry gets a reversing entry on the same date with its
 * lines on the other side. Its open items are locked first (fixed order), like every settlement.
 */
export async function reverseSource(tx: Tx, tenantId: number, source: Source, creator?: number): Promise<boolean> {
  const entries = await liveEntries(tx, tenantId, source);
  for (const id of entries) {
    await tx.query(
      `select o.id from fin_open_item o where o.tenant_id = $1
          and o.id in (select open_item_id from fin_journal_line where tenant_id = $1 and entry_id = $2) order by o.id for update`,
      [tenantId, id],
    );
    const orig = await tx.one<{ entry_date: string; period: string }>(
      `select to_char(entry_date, 'YYYY-MM-DD') as entry_date, to_char(entry_date, 'YYYY-MM') as period from fin_entry where tenant_id = $1 and id = $2`,
      [tenantId, id],
    );
    const closed = await tx.one('select 1 from account_period where tenant_id = $1 and closed and period = $2', [tenantId, orig!.period]);
    if (closed) throw new BusinessError(periodClosed(orig!.period));
    const rev = await tx.one<{ id: number }>(
      `insert into fin_entry(tenant_id, source_kind, source_id, entry_date, period, reverses, creator)
       select tenant_id, source_kind, source_id, entry_date, period, id, $3 from fin_entry where tenant_id = $1 and id = $2 returning id`,
      [tenantId, id, creator ?? null],
    );
    await tx.query(
      `insert into fin_journal_line(tenant_id, entry_id, account_id, partner_id, open_item_id, period, debit, credit)
       select tenant_id, $3, account_id, partner_id, open_item_id, period, credit, debit from fin_journal_line
        where tenant_id = $1 and entry_id = $2 order by id`,
      [tenantId, id, rev!.id],
    );
  }
  return entries.length > 0;
}
