import type { FastifyInstance } from 'fastify';
import type { Database } from '../../platform/db/database.ts';
import { demoApi, seededRandom, type DemoActivity } from '../../platform/demo/demo-api.ts';
import { inventoryDemoActivity, reservoirDemoActivity } from '../inventory/index.ts';
import { financeDemoActivity } from '../finance/index.ts';
import { workflowDemoActivity } from '../workflow/index.ts';
import { manufacturingDemoActivity } from '../manufacturing/index.ts';
import { crmDemoActivity } from '../crm/index.ts';
import { biddingDemoActivity } from '../bidding/index.ts';
import { projectDemoActivity, projectNeedsDemoActivity } from '../project/index.ts';
import { systemScreensDemoActivity } from './demo-screens.ts';
import { shopfloorDemoActivity } from '../shopfloor/index.ts';
import { portalDemoActivity } from '../portal/index.ts';
import { qualityDemoActivity } from '../quality/index.ts';
import { textaiDemoActivity } from '../textai/index.ts';
import { printingDemoActivity } from '../printing/index.ts';
import { labelsDemoActivity } from '../labels/index.ts';

/**
 * A few months of business in 演示公司, so a newcomer's first `npm start` shows figures, reports and
 * lists that are not empty (issue 11). Each area adds its own with one line below; they run in order,
 * after the master data, through the real API (validation, numbering, posting, ledger), as jsh.
 */
const ACTIVITIES: Array<[area: string, run: DemoActivity]> = [
  ['inventory', inventoryDemoActivity],
  ['finance', financeDemoActivity],
  ['workflow', workflowDemoActivity],
  ['manufacturing', manufacturingDemoActivity],
  ['crm', crmDemoActivity],
  ['bidding', biddingDemoActivity],
  ['project', projectDemoActivity],
  ['project procurement needs', projectNeedsDemoActivity],
  ['system screens', systemScreensDemoActivity],
  ['stock by reservoir area', reservoirDemoActivity],
  ['shopfloor', shopfloorDemoActivity],
  ['portal', portalDemoActivity],
  ['quality', qualityDemoActivity],
  ['text recognition', textaiDemoActivity],
  ['print templates', printingDemoActivity],
  ['labels', labelsDemoActivity],
];

export async function seedDemoActivity(app: FastifyInstance, apiBase: string, loginName = 'jsh', password?: string): Promise<void> {
  const api = await demoApi(app, apiBase, loginName, password);
  for (const [, run] of ACTIVITIES) await run(api, seededRandom(20261124));
}

/**
 * Runs the demo story once per database: when 演示公司 exists and has no documents yet. So a first start
 * that was killed after the companies were made gets its story on the next start, a restart never
 * doubles it, and a database without the demo company (SEED_DEMO=false) gets nothing. A start killed
 * halfway through the story keeps what was posted (delete the data directory to begin again).
 */
export async function ensureDemoActivity(app: FastifyInstance, db: Database, apiBase: string): Promise<'seeded' | 'present' | 'none'> {
  const demo = await db.system((tx) =>
    tx.one<{ id: number; docs: boolean }>(
      `select t.id, exists (select 1 from depot_head h where h.tenant_id = t.id) as docs
         from tenant t where t.name = '演示公司' and not t.is_platform and not t.delete_flag order by t.id limit 1`,
    ),
  );
  if (!demo) return 'none';
  if (demo.docs) return 'present';
  await seedDemoActivity(app, apiBase);
  return 'seeded';
}
