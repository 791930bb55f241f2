import { beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { newTenant, testApp } from '../../../test-support/harness.ts';
import { demoApi, seededRandom } from '../../../platform/demo/demo-api.ts';
import { crmDemoActivity } from '../index.ts';
import { okData } from './fixtures.ts';

let app: FastifyInstance;
beforeAll(async () => {
  ({ app } = await testApp());
});

describe('the CRM demo story', () => {
  it('fills the board, the pool, the follow-ups and the won figures through the API', async () => {
    const t = await newTenant(app, 'crmdemo');
    await crmDemoActivity(await demoApi(app, '/api', t.loginName, t.password), seededRandom(1));
    const board = await okData(t.api.get('/crm/board'));
    expect(board.stages.reduce((a: number, s: any) => a + s.count, 0)).toBe(8);
    expect((await okData(t.api.get('/crm/pool/list'))).total).toBe(2);
    expect((await okData(t.api.get('/crm/follow/list'))).total).toBeGreaterThanOrEqual(2);
    expect((await okData(t.api.get('/crm/dashboard'))).wonByMonth).toHaveLength(1);
  });
});
