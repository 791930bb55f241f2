import type { Tx } from '../../../platform/db/database.ts';
import type { Session } from '../../../platform/auth/session.ts';
import { BusinessError } from '../../../platform/errors.ts';
import { logWrite } from '../../../platform/audit.ts';

interface Ctx {
  tx: Tx;
  session: Session;
  ip: string;
}

export const PERIOD_MSG = {
  alreadyClosed: (p: string) => `账期 ${p} 已结账`,
  notClosed: (p: string) => `账期 ${p} 未结账，不需要反结账`,
  future: (p: string) => `账期 ${p} 尚未结束，不能结账`,
  laterClosed: (p: string, later: string) => `请先反结账 ${later}，再反结账 ${p}`,
  reason: '请填写反结账原因',
};

const thisMonth = (tx: Tx) => tx.one<{ m: string }>(`select to_char(now(), 'YYYY-MM') as m`);

/**
 * Closes month `period` (YYYY-MM) and every earlier month that has postings or a period row and is
 * still open, oldest first: each gets its closing balances (by the account_period trigger) and an event.
 * The current month and later cannot be closed: they are not over.
 */
export async function closePeriod({ tx, session, ip }: Ctx, period: string): Promise<{ closed: string[] }> {
  const now = (await thisMonth(tx))!.m;
  if (period >= now) throw new BusinessError(PERIOD_MSG.future(period));
  const t = session.tenantId;
  // one close at a time per company: the period rows are taken in order
  await tx.query('select id from account_period where tenant_id = $1 order by period for update', [t]);
  const own = await tx.one<{ closed: boolean }>('select closed from account_period where tenant_id = $1 and period = $2', [t, period]);
  if (own?.closed) throw new BusinessError(PERIOD_MSG.alreadyClosed(period));
  const open = await tx.query<{ p: string }>(
    `select p from (
       select to_char(to_date(period::text, 'YYYYMM'), 'YYYY-MM') as p from (select distinct period from fin_entry where tenant_id = $1 and period < $3) e
       union select period from account_period where tenant_id = $1 and period < $2 and not closed
       union select $2) x
      where not exists (select 1 from account_period a where a.tenant_id = $1 and a.period = x.p and a.closed)
      order by p`,
    [t, period, Number(period.replace('-', ''))],
  );
  const months = open.map((r) => r.p);
  for (const p of months) {
    await tx.query(
      `insert into account_period(tenant_id, period, closed, closed_time, creator, updater) values ($1, $2, true, now(), $3, $3)
       on conflict (tenant_id, period) do update set closed = true, closed_time = now(), updater = $3, updated_at = now()`,
      [t, p, session.userId],
    );
    await event(tx, session, p, 'close', null);
  }
  await logWrite(tx, session, ip, 'close', 'accountPeriod', [], { periods: months });
  return { closed: months };
}

/** Reopens month `period` with a reason; a later closed month must be reopened first (its balances carry this one's). */
export async function reopenPeriod({ tx, session, ip }: Ctx, period: string, reason: string): Promise<{ reopened: string }> {
  const t = session.tenantId;
  if (!reason.trim()) throw new BusinessError(PERIOD_MSG.reason);
  await tx.query('select id from account_period where tenant_id = $1 order by period for update', [t]);
  const own = await tx.one<{ closed: boolean }>('select closed from account_period where tenant_id = $1 and period = $2', [t, period]);
  if (!own?.closed) throw new BusinessError(PERIOD_MSG.notClosed(period));
  const later = await tx.one<{ p: string }>(
    'select max(period) as p from account_period where tenant_id = $1 and period > $2 and closed having max(period) is not null',
    [t, period],
  );
  if (later) throw new BusinessError(PERIOD_MSG.laterClosed(period, later.p));
  await tx.query(`update account_period set closed = false, closed_time = null, updater = $3, updated_at = now() where tenant_id = $1 and period = $2`, [
    t,
    period,
    session.userId,
  ]);
  await event(tx, session, period, 'reopen', reason.trim());
  await logWrite(tx, session, ip, 'reopen', 'accountPeriod', [], { period, reason: reason.trim() });
  return { reopened: period };
}

async function event(tx: Tx, s: Session, period: string, action: 'close' | 'reopen', reason: string | null) {
  await tx.query(`insert into fin_period_event(tenant_id, period, action, reason, user_id, login_name) values ($1, $2, $3, $4, $5, $6)`, [
    s.tenantId,
    period,
    action,
    reason,
    s.userId,
    s.loginName,
  ]);
}

/** The months of the books, newest first: every month with postings or a period row, with its state and last event. */
export async function periodList(tx: Tx, tenantId: number, page: { currentPage: number; pageSize: number }) {
  const months = `select to_char(to_date(period::text, 'YYYYMM'), 'YYYY-MM') as p from (select distinct period from fin_entry where tenant_id = $1) e
                  union select period from account_period where tenant_id = $1`;
  const rows = await tx.query(
    `select m.p as period, coalesce(a.closed, false) as closed, to_char(a.closed_time, 'YYYY-MM-DD HH24:MI:SS') as "closedTime",
            ev.action as "lastAction", ev.reason as "lastReason", ev.login_name as "lastBy",
            to_char(ev.created_at, 'YYYY-MM-DD HH24:MI:SS') as "lastAt",
            (select count(*)::int from fin_entry f where f.tenant_id = $1 and f.period = replace(m.p, '-', '')::int) as entries
       from (${months}) m
       left join account_period a on a.tenant_id = $1 and a.period = m.p
       left join lateral (select action, reason, login_name, created_at from fin_period_event e
                           where e.tenant_id = $1 and e.period = m.p order by id desc limit 1) ev on true
      order by m.p desc limit $2 offset $3`,
    [tenantId, page.pageSize, (page.currentPage - 1) * page.pageSize],
  );
  const total = await tx.one<{ n: number }>(`select count(*)::int as n from (${months}) m`, [tenantId]);
  return { rows, total: total!.n };
}

/** Who closed and reopened the month, and why, newest first. */
export async function periodEvents(tx: Tx, tenantId: number, period: string) {
  const rows = await tx.query(
    `select id, period, action, reason, login_name as "loginName", to_char(created_at, 'YYYY-MM-DD HH24:MI:SS') as "createdAt"
       from fin_period_event where tenant_id = $1 and period = $2 order by id desc limit 200`,
    [tenantId, period],
  );
  return { rows, total: rows.length };
}

/** The closing balances written when the month closed (account × partner), with their 合计. */
export async function closingBalances(tx: Tx, tenantId: number, period: string, page: { currentPage: number; pageSize: number }) {
  const p = Number(period.replace('-', ''));
  const rows = await tx.query(
    `select a.code, a.name, b.partner_id as "organId", o.name as "organName",
            b.debit::float8 as debit, b.credit::float8 as credit, (b.debit - b.credit)::float8 as balance
       from fin_period_balance b join fin_account a on a.tenant_id = b.tenant_id and a.id = b.account_id
       left join partner o on o.tenant_id = b.tenant_id and o.id = b.partner_id
      where b.tenant_id = $1 and b.period = $2
      order by a.code, b.partner_id limit $3 offset $4`,
    [tenantId, p, page.pageSize, (page.currentPage - 1) * page.pageSize],
  );
  const sums = await tx.one<{ n: number; debit: number; credit: number; balance: number }>(
    `select count(*)::int as n, coalesce(sum(debit), 0)::float8 as debit, coalesce(sum(credit), 0)::float8 as credit,
            coalesce(sum(debit - credit), 0)::float8 as balance from fin_period_balance where tenant_id = $1 and period = $2`,
    [tenantId, p],
  );
  return { rows, total: sums!.n, sums: { debit: sums!.debit, credit: sums!.credit, balance: sums!.balance } };
}
