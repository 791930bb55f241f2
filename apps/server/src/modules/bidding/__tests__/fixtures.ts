import { expect } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../../platform/db/database.ts';
import { newTenant, uniqueName, type Client } from '../../../test-support/harness.ts';

export const okData = async (p: Promise<{ body: { code: number; data: any } }>) => {
  const r = await p;
  expect(r.body.code, JSON.stringify(r.body)).toBe(200);
  return r.body.data;
};

export const refusal = async (p: Promise<{ body: { code: number; data: any } }>) => {
  const r = await p;
  expect(r.body.code, JSON.stringify(r.body)).not.toBe(200);
  return r.body.data?.message as string;
};

/** A company with a tendering party (a customer) and a bank account. */
export async function bidWorld(app: FastifyInstance) {
  const t = await newTenant(app, 'bid');
  const party = (await okData(t.api.post('/supplier/add', { name: uniqueName('招标方'), type: '客户' }))).id as number;
  const bank = (await okData(t.api.post('/account/add', { name: uniqueName('银行') }))).id as number;
  const project = async (extra: Record<string, unknown> = {}, api: Client = t.api) =>
    (
      await okData(
        api.post('/bidding/project/add', {
          name: uniqueName('项目'),
          tendererId: party,
          agency: '某招标代理',
          budget: '1000000',
          registrationDeadline: '2026-11-10',
          openingDate: '2026-11-20',
          validUntil: '2027-02-20',
          items: [
            { lot: '一标段', name: '服务器', qty: '10', unit: '台', budget: '600000' },
            { lot: '二标段', name: '交换机', qty: '20.5', unit: '台', budget: '400000' },
          ],
          ...extra,
        }),
      )
    ).id as number;
  /** moves the project through each step up to (and including) `to` */
  const walk = async (id: number, steps: string[]) => {
    for (const to of steps) await okData(t.api.post('/bidding/project/move', { id, to }));
  };
  return { t, party, bank, project, walk };
}

export const TO_OPENING = ['survey', 'qualification', 'registration', 'proposal', 'opening'];

/** The journal's totals for a company: debits = credits overall and per entry. */
export async function journalBalanced(db: Database, tenantId: number) {
  const r = await db.system((tx) =>
    tx.one<{ d: string; c: string; bad: number }>(
      `select coalesce(sum(debit), 0)::text d, coalesce(sum(credit), 0)::text c,
              (select count(*)::int from (select entry_id from fin_journal_line where tenant_id = $1 group by 1 having sum(debit) <> sum(credit)) x) bad
         from fin_journal_line where tenant_id = $1`,
      [tenantId],
    ),
  );
  expect(r!.bad).toBe(0);
  expect(r!.d).toBe(r!.c);
  return r!;
}

/** The balance (debit − credit) of the accounts of a role, optionally for one partner. */
export async function roleBalance(db: Database, tenantId: number, role: string, partnerId?: number): Promise<string> {
  const r = await db.system((tx) =>
    tx.one<{ b: string }>(
      `select coalesce(sum(l.debit - l.credit), 0)::text b from fin_journal_line l join fin_account a on a.tenant_id = l.tenant_id and a.id = l.account_id
        where l.tenant_id = $1 and a.role = $2 and ($3::bigint is null or l.partner_id = $3)`,
      [tenantId, role, partnerId ?? null],
    ),
  );
  return r!.b;
}
