// npm run rebuild-summaries [-- <tenant id>…]: recomputes the report summary rows (stock_day_summary, stock_month_summary,
// doc_day_summary, partner_day_summary; stock_area_balance from stock_area_move) from the ledger and the documents, one company per
// transaction; every company without arguments. PostgreSQL when DATABASE_URL is set, else PGlite
// in DATA_DIR (stop the server first). See docs/report-recipe.md.
import { loadConfig } from '../apps/server/src/platform/config.ts';
import { openDatabase } from '../apps/server/src/platform/db/open-database.ts';
import { migrate } from '../apps/server/src/platform/db/migrate.ts';
import { rebuildSummaries } from '../apps/server/src/modules/inventory/stock/stock-summary.ts';

const config = loadConfig();
const db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
try {
  await migrate(db);
  const asked = process.argv.slice(2).map(Number);
  if (asked.some((id) => !Number.isSafeInteger(id) || id <= 0)) throw new Error('usage: npm run rebuild-summaries [-- <tenant id>…]');
  const ids = asked.length ? asked : (await db.system((tx) => tx.query<{ id: number }>('select id from tenant order by id'))).map((t) => Number(t.id));
  for (const id of ids) {
    const started = Date.now();
    await db.system((tx) => rebuildSummaries(tx, id));
    console.log(`company ${id}: summaries rebuilt in ${Date.now() - started} ms`);
  }
} finally {
  await db.close();
}
