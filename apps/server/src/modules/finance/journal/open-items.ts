import { Decimal } from 'decimal.js';
import type { Tx } from '../../../platform/db/database.ts';

/** What is still owed on one document, as the journal says. */
export interface OpenItem {
  id: number;
  doc_id: number;
  account_id: number;
  partner_id: number | null;
  sign: number;
  /** debits − credits so far */
  balance: string;
}

/** The arrears still open on an item: positive while something is owed. */
export const openAmount = (o: OpenItem) => new Decimal(o.balance).times(o.sign);

/**
 * The open item of a document, made at its first posting (or taken back over, locked, when the
 * document posts again after a change). `sign` +1: owed to us (debit balance); −1: owed by us.
 */
export async function openItemFor(
  tx: Tx,
  tenantId: number,
  doc: { kind: string; id: number; account: number; partner: number | null; sign: 1 | -1; date: string },
): Promise<number> {
  const r = await tx.one<{ id: number }>(
    `insert into fin_open_item(tenant_id, doc_kind, doc_id, account_id, partner_id, sign, doc_date) values ($1, $2, $3, $4, $5, $6, $7::date)
     on conflict (tenant_id, doc_kind, doc_id) do update
       set account_id = excluded.account_id, partner_id = excluded.partner_id, sign = excluded.sign, doc_date = excluded.doc_date
     returning id`,
    [tenantId, doc.kind, doc.id, doc.account, doc.partner, doc.sign, doc.date],
  );
  return Number(r!.id);
}

/** Locks the open items of these documents in id order (every settlement does, so none deadlock) and returns them by document. */
export async function lockOpenItems(tx: Tx, tenantId: number, kind: string, docIds: number[]): Promise<Map<number, OpenItem>> {
  if (!docIds.length) return new Map();
  const rows = await tx.query<OpenItem>(
    `select id, doc_id, account_id, partner_id, sign, balance from fin_open_item
      where tenant_id = $1 and doc_kind = $2 and doc_id = any($3::bigint[]) order by id for update`,
    [tenantId, kind, docIds],
  );
  return new Map(rows.map((r) => [Number(r.doc_id), { ...r, id: Number(r.id), doc_id: Number(r.doc_id), sign: Number(r.sign) }]));
}

/**
 * The other sources whose standing entries still settle a document's open item (its receipts and
 * payments): a document cannot be un-audited, changed or deleted while any remain.
 */
export async function settlementsOf(tx: Tx, tenantId: number, kind: string, docId: number): Promise<{ kind: string; id: number }[]> {
  const rows = await tx.query<{ source_kind: string; source_id: number }>(
    `select e.source_kind, e.source_id from fin_open_item o
       join fin_journal_line l on l.tenant_id = o.tenant_id and l.open_item_id = o.id
       join fin_entry e on e.tenant_id = l.tenant_id and e.id = l.entry_id
      where o.tenant_id = $1 and o.doc_kind = $2 and o.doc_id = $3 and not (e.source_kind = $2 and e.source_id = $3)
      group by e.source_kind, e.source_id having sum(l.debit - l.credit) <> 0 order by e.source_id`,
    [tenantId, kind, docId],
  );
  return rows.map((r) => ({ kind: r.source_kind, id: Number(r.source_id) }));
}
