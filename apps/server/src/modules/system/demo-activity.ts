import type { FastifyInstance } from 'fastify';
import { demoApi, seededRandom, type DemoActivity } from '../../platform/demo/demo-api.ts';
import { inventoryDemoActivity } from '../inventory/index.ts';

/**
 * A few months of business in 演示公司, so a newcomer's first `npm start` shows figures, reports and
 * lists that are not empty (issue 11). Each area adds its own with one line below; they run in order,
 * after the master data, through the real API (validation, numbering, posting, ledger), as jsh.
 */
const ACTIVITIES: Array<[area: string, run: DemoActivity]> = [['inventory', inventoryDemoActivity]];

export async function seedDemoActivity(app: FastifyInstance, apiBase: string, loginName = 'jsh', password?: string): Promise<void> {
  const api = await demoApi(app, apiBase, loginName, password);
  for (const [, run] of ACTIVITIES) await run(api, seededRandom(20261124));
}
