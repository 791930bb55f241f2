import { expect } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { client, login, uniqueName, type Client } from '../../../test-support/harness.ts';

/** A reply's data, after checking it succeeded. */
export async function ok<T = any>(p: Promise<{ body: { code: number; data: unknown } }>): Promise<T> {
  const r = await p;
  expect(r.body.code, JSON.stringify(r.body)).toBe(200);
  return r.body.data as T;
}

/** A refusal's message, after checking it was refused. */
export async function refused(p: Promise<{ body: { code: number; data: unknown } }>): Promise<string> {
  const r = await p;
  expect(r.body.code, JSON.stringify(r.body)).not.toBe(200);
  return (r.body.data as { message: string }).message;
}

// computed when used, not at import: a run that crosses midnight must not send yesterday as "today"
const day = (offset: number) => new Date(Date.now() + offset * 864e5).toISOString().slice(0, 10);
export const today = () => day(0);
export const future = () => day(20);
export const past = () => day(-3);

/** A supplier with a portal user signed in through its invitation. */
export async function supplierWithUser(app: FastifyInstance, buyer: Client, name: string) {
  const supplierId = (await ok<{ id: number }>(buyer.post('/supplier/add', { name: uniqueName(name), type: '供应商' }))).id;
  const loginName = uniqueName('sup');
  const invite = await ok<{ token: string; userId: number }>(buyer.post('/portal/user/invite', { supplierId, loginName, username: `${name}联系人` }));
  await ok(client(app).post('/portal/invite/accept', { token: invite.token, password: 'abc123' }));
  const s = await login(app, loginName, 'abc123');
  return { supplierId, userId: invite.userId, loginName, api: s.api, token: invite.token };
}

/** An audited purchase order to `supplierId`: lines of [barCode, qty, price]. */
export async function purchaseOrder(buyer: Client, supplierId: number, depotId: number, lines: Array<[string, number, number]>) {
  const r = await ok<{ id: number; number: string }>(
    buyer.post('/depotHead/addDepotHeadAndDetail', {
      info: { type: '其它', subType: '采购订单', operTime: `${today()} 09:00:00`, organId: supplierId, status: '1' },
      rows: lines.map(([barCode, operNumber, unitPrice]) => ({ barCode, operNumber, unitPrice, depotId })),
    }),
  );
  return r;
}
