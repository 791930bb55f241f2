import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { newTenant, testApp, uniqueName, type Client } from '../../../test-support/harness.ts';
import { roleWith, userWith } from '../../system/admin/__tests__/fixtures.ts';

export const okData = async (p: Promise<{ body: { code: number; data: any }; text?: string }>) => {
  const r = await p;
  expect(r.body.code, JSON.stringify(r.body)).toBe(200);
  return r.body.data;
};

export const refusal = async (p: Promise<{ body: { code: number; data: any } }>) => {
  const r = await p;
  expect(r.body.code, JSON.stringify(r.body)).not.toBe(200);
  return r.body.data?.message as string;
};

export const CRM_MENUS = [
  '/crm/opportunity',
  '/crm/potential_customer',
  '/crm/high_seas',
  '/crm/customer_archive',
  '/crm/follow_up',
  '/crm/task_template',
  '/crm/dashboard',
];

/** A company with the CRM: its administrator (a manager) and two sellers holding every CRM screen. */
export async function crmWorld(app: FastifyInstance) {
  const t = await newTenant(app, 'crm');
  const { db } = await testApp();
  await db.system((tx) => tx.query('update tenant set user_limit = 50 where id = $1', [t.tenantId]));
  const role = await roleWith(t.api, Object.fromEntries(CRM_MENUS.map((m) => [m, m === '/crm/dashboard' ? '' : '1'])));
  const seller1 = await userWith(app, t.api, [role]);
  const seller2 = await userWith(app, t.api, [role]);
  const lead = async (api: Client, extra: Record<string, unknown> = {}) =>
    (await okData(api.post('/crm/lead/add', { name: uniqueName('客户'), ...extra }))).id as number;
  return { t, db, seller1, seller2, lead };
}

/** The customer's CRM row as stored. */
export async function stateOf(app: FastifyInstance, tenantId: number, partnerId: number) {
  const { db } = await testApp();
  return db.system((tx) =>
    tx.one<{ owner: string | null; status: string; enabled: boolean }>(
      `select c.owner_id::text as owner, c.status, p.enabled from crm_customer c join partner p on p.tenant_id = c.tenant_id and p.id = c.partner_id
        where c.tenant_id = $1 and c.partner_id = $2`,
      [tenantId, partnerId],
    ),
  );
}
