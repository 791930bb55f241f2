import { expect } from 'vitest';
import type { Database } from '../../../platform/db/database.ts';

/**
 * The journal's invariants (ARCHITECTURE §5): debits = credits per entry and in total, every period
 * balance row equals the sums of its lines, every settlement account's balance is its initial amount
 * plus its journal movement, every open item equals the lines that name it.
 */
export async function assertJournalInvariants(db: Database, tenantId: number) {
  const q = (sql: string) => db.system((tx) => tx.query(sql, [tenantId]));
  expect(
    await q('select entry_id, sum(debit) d, sum(credit) c from fin_journal_line where tenant_id = $1 group by 1 having sum(debit) <> sum(credit)'),
  ).toEqual([]);
  const [total] = await q('select coalesce(sum(debit), 0)::text d, coalesce(sum(credit), 0)::text c from fin_journal_line where tenant_id = $1');
  expect(total.d).toBe(total.c);
  expect(
    await q(`select * from fin_balance b full join (
               select account_id, coalesce(partner_id, 0) partner_id, period, sum(debit) d, sum(credit) c from fin_journal_line where tenant_id = $1 group by 1, 2, 3
             ) l using (account_id, partner_id, period)
             where (b.tenant_id = $1 or b.tenant_id is null) and (b.debit is distinct from l.d or b.credit is distinct from l.c)`),
  ).toEqual([]);
  expect(
    await q(`select s.id, s.initial_amount, s.current_amount, l.m from settlement_account s
               left join (select a.settlement_account_id sid, sum(l.debit - l.credit) m from fin_journal_line l
                            join fin_account a on a.tenant_id = l.tenant_id and a.id = l.account_id where l.tenant_id = $1 group by 1) l on l.sid = s.id
              where s.tenant_id = $1 and s.current_amount <> coalesce(s.initial_amount, 0) + coalesce(l.m, 0)`),
  ).toEqual([]);
  expect(
    await q(`select o.id, o.balance, l.b from fin_open_item o
               left join (select open_item_id, sum(debit - credit) b from fin_journal_line where tenant_id = $1 group by 1) l on l.open_item_id = o.id
              where o.tenant_id = $1 and o.balance <> coalesce(l.b, 0)`),
  ).toEqual([]);
}

/** The balance of a role's account (debit − credit), optionally for one partner, from the period balance rows. */
export async function roleBalance(db: Database, tenantId: number, role: string, partnerId?: number): Promise<number> {
  const r = await db.system((tx) =>
    tx.one<{ b: string }>(
      `select coalesce(sum(b.debit - b.credit), 0) b from fin_balance b join fin_account a on a.tenant_id = b.tenant_id and a.id = b.account_id
        where b.tenant_id = $1 and a.role = $2 and ($3::bigint is null or b.partner_id = $3)`,
      [tenantId, role, partnerId ?? null],
    ),
  );
  return Number(r!.b);
}

/** The arrears still open on an inventory document, from its open item. */
export async function arrearsOf(db: Database, tenantId: number, headerId: number): Promise<number> {
  const r = await db.system((tx) =>
    tx.one<{ b: string }>(`select sign * balance b from fin_open_item where tenant_id = $1 and doc_kind = 'depot' and doc_id = $2`, [tenantId, headerId]),
  );
  return Number(r?.b ?? 0);
}

/** A settlement account's movement in the journal (its initial amount not included). */
export async function bankBalance(db: Database, tenantId: number, settlementId: number): Promise<number> {
  const r = await db.system((tx) =>
    tx.one<{ b: string }>(
      `select coalesce(sum(b.debit - b.credit), 0) b from fin_balance b join fin_account a on a.tenant_id = b.tenant_id and a.id = b.account_id
        where b.tenant_id = $1 and a.settlement_account_id = $2`,
      [tenantId, settlementId],
    ),
  );
  return Number(r!.b);
}

/** Rows the journal and the finance documents hold for a company: a refused request changes none of them. */
export async function journalCounts(db: Database, tenantId: number) {
  return db.system((tx) =>
    tx.one<{ lines: number; entries: number; heads: number; items: number }>(
      `select (select count(*)::int from fin_journal_line where tenant_id = $1) lines, (select count(*)::int from fin_entry where tenant_id = $1) entries,
              (select count(*)::int from account_head where tenant_id = $1) heads, (select count(*)::int from account_item where tenant_id = $1) items`,
      [tenantId],
    ),
  );
}
