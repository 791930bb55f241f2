import { beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../../platform/db/database.ts';
import { newTenant, testApp, uniqueName } from '../../../test-support/harness.ts';
import { demoApi, seededRandom } from '../../../platform/demo/demo-api.ts';
import { biddingDemoActivity } from '../index.ts';
import { journalBalanced, okData } from './fixtures.ts';

let app: FastifyInstance;
let db: Database;
beforeAll(async () => {
  ({ app, db } = await testApp());
});

describe('the bidding demo story', () => {
  it('fills the pipeline, the analysis and the deposit summary (one deposit overdue) through the API', async () => {
    const t = await newTenant(app, 'biddemo');
    for (const n of ['甲', '乙', '丙']) await okData(t.api.post('/supplier/add', { name: uniqueName(`招标方${n}`), type: '客户' }));
    await okData(t.api.post('/account/add', { name: '基本户' }));
    await biddingDemoActivity(await demoApi(app, '/api', t.loginName, t.password), seededRandom(1));
    const dash = await okData(t.api.get('/bidding/dashboard'));
    expect(Object.fromEntries(dash.pipeline.map((p: any) => [p.status, p.count]))).toEqual({ closed: 2, lost: 1, opening: 1, registration: 1, survey: 1 });
    expect(dash).toMatchObject({ won: 1, lost: 1, winRate: '50.00', depositOutstanding: '33000', depositOverdue: 1 });
    const a = await okData(t.api.get('/bidding/analysis'));
    expect(a.projects.map((p: any) => [p.name, p.gapPercent])).toEqual([
      ['区人民医院信息化改造', '4.74'],
      ['市政府办公设备采购项目', '0.00'],
    ]);
    expect((await okData(t.api.get('/bidding/money/list?status=0'))).total).toBe(1);
    await journalBalanced(db, t.tenantId);
  });
});
