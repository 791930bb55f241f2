import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../app.ts';
import { openDatabase } from '../../../platform/db/open-database.ts';
import { migrate } from '../../../platform/db/migrate.ts';
import { ENGINE } from '../../../test-support/harness.ts';
import { syncCatalogue } from '../index.ts';
import { seedDemo } from '../seed-demo.ts';
import { ensureDemoActivity } from '../demo-activity.ts';

// Issue 11: the demo story runs once per database — also after a first start killed between making the
// companies and telling their story — and never twice. Needs a database of its own, so the embedded one
// (the default a newcomer starts); the PostgreSQL run shares one database with every suite.
describe.skipIf(ENGINE !== 'pglite')('demo data on start', async () => {
  const db = await openDatabase({});
  await migrate(db);
  await syncCatalogue(db);
  const app = await buildApp({ config: { apiBase: '/api', webDist: '/none', logLevel: 'silent' }, db, logger: false });
  afterAll(async () => {
    await app.close();
    await db.close();
  });
  const documents = () => db.system(async (tx) => (await tx.one<{ n: number }>('select count(*)::int as n from depot_head'))!.n);

  it('tells no story without the demo company', async () => {
    expect(await ensureDemoActivity(app, db, '/api')).toBe('none');
    expect(await documents()).toBe(0);
  });

  it('tells it on the start after the companies were made, and never again', async () => {
    // a first start killed here: the companies exist, their story does not
    expect(await seedDemo(db)).toBe(true);
    expect(await documents()).toBe(0);
    expect(await ensureDemoActivity(app, db, '/api')).toBe('seeded');
    const n = await documents();
    expect(n).toBeGreaterThan(150);
    expect(await seedDemo(db)).toBe(false);
    expect(await ensureDemoActivity(app, db, '/api')).toBe('present');
    expect(await documents()).toBe(n);
  }, 300_000);
});
