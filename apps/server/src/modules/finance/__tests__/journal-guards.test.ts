import { describe, expect, it } from 'vitest';
import { newTenant, testApp } from '../../../test-support/harness.ts';
import { line, saved, world } from '../../inventory/__tests__/fixtures.ts';
import { assertJournalInvariants, roleBalance } from './journal-fixtures.ts';

describe('the database guards the journal', async () => {
  const { app, db } = await testApp();
  const t = await newTenant(app, 'jguard');
  const w = await world(t.api);
  await w.material('铅笔', 'PENCIL', {}, {});
  await saved(t.api, '入库', '采购', [line('PENCIL', 10, 2, w.depotA)], { organId: w.supplier });
  const accountId = async (role: string) =>
    Number((await db.system((tx) => tx.one<{ id: string }>('select id from fin_account where tenant_id = $1 and role = $2', [t.tenantId, role])))!.id);
  const cash = await accountId('cash');
  const revenue = await accountId('revenue');
  /** Writes an entry by hand, as the app role of the company (row-level security on). */
  const writeEntry = (lines: [number, number, number][], day = '2026-11-21') =>
    db.tenant(t.tenantId, async (tx) => {
      const e = await tx.one<{ id: string }>(
        `insert into fin_entry(tenant_id, source_kind, source_id, entry_date, period) values ($1, 'account', 0, $2::date, to_char($2::date, 'YYYYMM')::int) returning id`,
        [t.tenantId, day],
      );
      for (const [account, debit, credit] of lines) {
        await tx.query(
          `insert into fin_journal_line(tenant_id, entry_id, account_id, period, debit, credit) values ($1, $2, $3, to_char($5::date, 'YYYYMM')::int, $4, $6)`,
          [t.tenantId, e!.id, account, debit, day, credit],
        );
      }
      return Number(e!.id);
    });

  it('refuses an unbalanced entry written directly in SQL, at commit, and keeps nothing of it', async () => {
    const before = await roleBalance(db, t.tenantId, 'cash');
    await expect(
      writeEntry([
        [cash, 100, 0],
        [revenue, 0, 99.999999],
      ]),
    ).rejects.toThrow(/not balanced/);
    await expect(writeEntry([[cash, 100, 0]])).rejects.toThrow(/not balanced/);
    // the owner is held to it too
    await expect(
      db.system(async (tx) => {
        const e = await tx.one<{ id: string }>(
          `insert into fin_entry(tenant_id, source_kind, source_id, entry_date, period) values ($1, 'account', 0, '2026-11-21', 202611) returning id`,
          [t.tenantId],
        );
        await tx.query(`insert into fin_journal_line(tenant_id, entry_id, account_id, period, debit, credit) values ($1, $2, $3, 202611, 5, 0)`, [
          t.tenantId,
          e!.id,
          cash,
        ]);
      }),
    ).rejects.toThrow(/not balanced/);
    expect(await roleBalance(db, t.tenantId, 'cash')).toBe(before);
    const id = await writeEntry([
      [cash, 100, 0],
      [revenue, 0, 100],
    ]);
    expect(id).toBeGreaterThan(0);
    expect(await roleBalance(db, t.tenantId, 'cash')).toBe(before + 100);
    await assertJournalInvariants(db, t.tenantId);
  });

  it('never lets a journal row be changed or deleted, by the app role or the owner', async () => {
    const id = await writeEntry([
      [cash, 7, 0],
      [revenue, 0, 7],
    ]);
    await expect(
      db.tenant(t.tenantId, (tx) => tx.query('update fin_journal_line set debit = 8 where tenant_id = $1 and entry_id = $2', [t.tenantId, id])),
    ).rejects.toThrow();
    await expect(
      db.tenant(t.tenantId, (tx) => tx.query('delete from fin_journal_line where tenant_id = $1 and entry_id = $2', [t.tenantId, id])),
    ).rejects.toThrow();
    await expect(db.system((tx) => tx.query('update fin_journal_line set debit = 8 where tenant_id = $1 and entry_id = $2', [t.tenantId, id]))).rejects.toThrow(
      /never changed or deleted/,
    );
    await expect(db.system((tx) => tx.query('delete from fin_journal_line where tenant_id = $1 and entry_id = $2', [t.tenantId, id]))).rejects.toThrow(
      /never changed or deleted/,
    );
    await expect(db.system((tx) => tx.query('delete from fin_entry where tenant_id = $1 and id = $2', [t.tenantId, id]))).rejects.toThrow(
      /never changed or deleted/,
    );
    await expect(
      db.system((tx) => tx.query('update fin_entry set entry_date = entry_date where tenant_id = $1 and id = $2', [t.tenantId, id])),
    ).rejects.toThrow(/never changed or deleted/);
    const n = await db.system((tx) =>
      tx.one<{ n: number }>('select count(*)::int n from fin_journal_line where tenant_id = $1 and entry_id = $2', [t.tenantId, id]),
    );
    expect(n!.n).toBe(2);
  });

  it('refuses an entry dated in a closed account period', async () => {
    await db.system((tx) => tx.query(`insert into account_period(tenant_id, period, closed) values ($1, '2026-01', true)`, [t.tenantId]));
    await expect(
      writeEntry(
        [
          [cash, 1, 0],
          [revenue, 0, 1],
        ],
        '2026-01-15',
      ),
    ).rejects.toThrow(/2026-01 已结账/);
    await assertJournalInvariants(db, t.tenantId);
  });
});
