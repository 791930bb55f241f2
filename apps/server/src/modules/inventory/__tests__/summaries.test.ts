import { describe, expect, it } from 'vitest';
import type { Database } from '../../../platform/db/database.ts';
import { newTenant, testApp } from '../../../test-support/harness.ts';
import { rebuildSummaries } from '../stock/stock-summary.ts';
import { assertLedgerInvariants } from './fixtures.ts';
import { randomHistory } from './random-scenario.ts';

/** Every summary row of a company that is not all zeros, in key order, as text. */
async function summaries(db: Database, tenantId: number) {
  return db.system(async (tx) => ({
    stock: await tx.query(
      `select material_id, depot_id, to_char(day, 'YYYY-MM-DD') as day, doc_key, in_qty::text, in_value::text, out_qty::text, out_value::text, lines
         from stock_day_summary where tenant_id = $1 and (in_qty <> 0 or in_value <> 0 or out_qty <> 0 or out_value <> 0 or lines <> 0)
        order by 1, 2, 3, 4`,
      [tenantId],
    ),
    months: await tx.query(
      `select material_id, depot_id, to_char(month, 'YYYY-MM-DD') as month, in_qty::text, in_value::text, out_qty::text, out_value::text, lines
         from stock_month_summary where tenant_id = $1 and (in_qty <> 0 or in_value <> 0 or out_qty <> 0 or out_value <> 0 or lines <> 0)
        order by 1, 2, 3`,
      [tenantId],
    ),
    years: await tx.query(
      `select material_id, depot_id, to_char(year, 'YYYY-MM-DD') as year, in_qty::text, in_value::text, out_qty::text, out_value::text, lines
         from stock_year_summary where tenant_id = $1 and (in_qty <> 0 or in_value <> 0 or out_qty <> 0 or out_value <> 0 or lines <> 0)
        order by 1, 2, 3`,
      [tenantId],
    ),
    docs: await tx.query(
      `select doc_key, to_char(day, 'YYYY-MM-DD') as day, docs, amount::text, debt::text from doc_day_summary
        where tenant_id = $1 and (docs <> 0 or amount <> 0 or debt <> 0) order by 1, 2`,
      [tenantId],
    ),
    // the running totals per type (migration 042's trigger), beside the day rows they must sum
    totals: await tx.query(
      `select doc_key, docs, amount::text, debt::text from doc_total_summary
        where tenant_id = $1 and (docs <> 0 or amount <> 0 or debt <> 0) order by 1`,
      [tenantId],
    ),
    dayTotals: await tx.query(
      `select doc_key, sum(docs)::int as docs, sum(amount)::text as amount, sum(debt)::text as debt from doc_day_summary
        where tenant_id = $1 group by doc_key having sum(docs) <> 0 or sum(amount) <> 0 or sum(debt) <> 0 order by 1`,
      [tenantId],
    ),
    partners: await tx.query(
      `select organ_id, doc_key, to_char(day, 'YYYY-MM-DD') as day, docs, amount::text, debt::text from partner_day_summary
        where tenant_id = $1 and (docs <> 0 or amount <> 0 or debt <> 0) order by 1, 2, 3`,
      [tenantId],
    ),
  }));
}

describe('summary rows kept by posting (issue 12)', async () => {
  const { app, db } = await testApp();

  it('equal a rebuild from the ledger after a long random history', async () => {
    const t = await newTenant(app, 'sums');
    // over three years, so items hold several year rows (库龄分析's walk, migration 211)
    await randomHistory(t.api, 12, 160, 1100);
    await assertLedgerInvariants(db, t.tenantId, { negativeAllowed: true });
    const kept = await summaries(db, t.tenantId);
    expect(kept.stock.length).toBeGreaterThan(20);
    expect(kept.months.length).toBeGreaterThan(20);
    expect(new Set(kept.years.map((y) => (y as { year: string }).year)).size).toBeGreaterThanOrEqual(3);
    expect(kept.docs.length).toBeGreaterThan(20);
    expect(kept.partners.length).toBeGreaterThan(20);
    expect(kept.totals.length).toBeGreaterThan(3);
    expect(kept.totals).toEqual(kept.dayTotals);
    await db.system((tx) => rebuildSummaries(tx, t.tenantId));
    expect(await summaries(db, t.tenantId)).toEqual(kept);
  });
});
