import type { Tx } from '../../platform/db/database.ts';
import type { RequestCtx } from '../../platform/request-ctx.ts';
import { CUSTOMER, customerState } from './customer-access.ts';
import { today } from '../../platform/clock.ts';

const TIME = `'YYYY-MM-DD HH24:MI:SS'`;

/** Which customers a list shows: leads, the high seas, or the archive (customers, held or not). */
export type CustomerScope = 'lead' | 'pool' | 'archive';

export interface CustomerFilter {
  scope: CustomerScope;
  name?: string;
  ownerId?: number;
  mine?: boolean;
  grade?: string;
  industry?: string;
  source?: string;
  customerStage?: string;
  tag?: string;
  currentPage: number;
  pageSize: number;
}

const COLUMNS = `p.id, p.name, p.contacts, p.phone, p.telephone, p.email, p.tax_num as "taxNum", p.address, p.customer_stage as "customerStage",
  p.grade, p.industry, p.source, p.tags, p.enabled, coalesce(c.status, 'customer') as status, c.owner_id as "ownerId", u.username as "ownerName",
  to_char(c.claimed_at, ${TIME}) as "claimTime", to_char(c.last_follow_at, ${TIME}) as "lastFollowTime",
  to_char(c.next_follow_date, 'YYYY-MM-DD') as "nextFollowDate", to_char(p.created_at, ${TIME}) as "createTime"`;

/** The lists of leads, of the pool and of the archive, with paging; every filter is a parameter. */
export async function listCustomers({ tx, session }: RequestCtx, f: CustomerFilter) {
  const params: unknown[] = [session.tenantId, CUSTOMER];
  const where = ['p.tenant_id = $1', 'p.type = $2', 'not p.delete_flag'];
  const add = (sql: (n: string) => string, v: unknown) => {
    params.push(v);
    where.push(sql(`$${params.length}`));
  };
  if (f.scope === 'lead') where.push(`c.status = 'lead'`);
  if (f.scope === 'archive') where.push(`coalesce(c.status, 'customer') = 'customer'`);
  if (f.scope === 'pool') where.push('c.owner_id is null');
  if (f.mine) add((n) => `c.owner_id = ${n}`, session.userId);
  else if (f.ownerId) add((n) => `c.owner_id = ${n}`, f.ownerId);
  if (f.name) add((n) => `p.name ilike ${n}`, `%${f.name.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
  if (f.grade) add((n) => `p.grade = ${n}`, f.grade);
  if (f.industry) add((n) => `p.industry = ${n}`, f.industry);
  if (f.source) add((n) => `p.source = ${n}`, f.source);
  if (f.customerStage) add((n) => `p.customer_stage = ${n}`, f.customerStage);
  if (f.tag) add((n) => `${n} = any(string_to_array(p.tags, ','))`, f.tag);
  const from = `from partner p left join crm_customer c on c.tenant_id = p.tenant_id and c.partner_id = p.id
    left join sys_user u on u.tenant_id = c.tenant_id and u.id = c.owner_id where ${where.join(' and ')}`;
  const total = await tx.one<{ n: number }>(`select count(*)::int as n ${from}`, params);
  const rows = await tx.query(`select ${COLUMNS} ${from} order by p.id desc limit ${f.pageSize} offset ${(f.currentPage - 1) * f.pageSize}`, params);
  return { rows, total: total!.n };
}

/** One customer's page: its fields and CRM state, then its timeline (follow-ups, pool events, opportunities, mails), newest first. */
export async function customerDetail({ tx, session }: RequestCtx, partnerId: number) {
  const t = session.tenantId;
  await customerState(tx, t, partnerId);
  const info = await tx.one(
    `select ${COLUMNS} from partner p left join crm_customer c on c.tenant_id = p.tenant_id and c.partner_id = p.id
       left join sys_user u on u.tenant_id = c.tenant_id and u.id = c.owner_id where p.tenant_id = $1 and p.id = $2`,
    [t, partnerId],
  );
  const timeline = await tx.query(
    `select * from (
       select 'follow' as kind, f.kind as subtype, f.content as text, to_char(f.next_follow_date, 'YYYY-MM-DD') as "nextFollowDate",
              u.username as "userName", f.follow_at as at, f.id
         from crm_follow_up f join sys_user u on u.tenant_id = f.tenant_id and u.id = f.creator where f.tenant_id = $1 and f.partner_id = $2
       union all
       select 'pool', l.action, coalesce(l.reason, ''), null, coalesce(a.username, t.username, fr.username), l.created_at, l.id
         from crm_pool_log l left join sys_user a on a.tenant_id = l.tenant_id and a.id = l.actor_id
              left join sys_user t on t.tenant_id = l.tenant_id and t.id = l.to_user_id
              left join sys_user fr on fr.tenant_id = l.tenant_id and fr.id = l.from_user_id
        where l.tenant_id = $1 and l.partner_id = $2
       union all
       select 'opportunity', o.status, o.name, null, u.username, coalesce(o.closed_at, o.created_at), o.id
         from crm_opportunity o join sys_user u on u.tenant_id = o.tenant_id and u.id = o.owner_id
        where o.tenant_id = $1 and o.partner_id = $2 and not o.delete_flag
       union all
       select 'mail', m.direction, m.subject, null, coalesce(nullif(m.from_name, ''), m.from_addr), m.sent_at, m.id
         from crm_mail_partner mp join crm_mail m on m.tenant_id = mp.tenant_id and m.id = mp.mail_id
        where mp.tenant_id = $1 and mp.partner_id = $2
     ) x order by at desc, id desc limit 200`,
    [t, partnerId],
  );
  return { ...info, timeline: timeline.map((r: any) => ({ ...r, time: fmt(r.at), at: undefined })) };
}

const fmt = (d: Date | string) => {
  const x = new Date(d);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${x.getFullYear()}-${p(x.getMonth() + 1)}-${p(x.getDate())} ${p(x.getHours())}:${p(x.getMinutes())}:${p(x.getSeconds())}`;
};

/** 跟进记录: follow-ups of the company (or the caller's), newest first. */
export async function listFollowUps(
  tx: Tx,
  tenantId: number,
  userId: number,
  f: { partnerId?: number; mine?: boolean; currentPage: number; pageSize: number },
) {
  const where = `f.tenant_id = $1 and ($2::bigint is null or f.partner_id = $2) and ($3::bigint is null or f.creator = $3)`;
  const params = [tenantId, f.partnerId ?? null, f.mine ? userId : null];
  const total = await tx.one<{ n: number }>(`select count(*)::int as n from crm_follow_up f where ${where}`, params);
  const rows = await tx.query(
    `select f.id, f.partner_id as "partnerId", p.name as "partnerName", f.kind, f.content, to_char(f.follow_at, ${TIME}) as "followTime",
            to_char(f.next_follow_date, 'YYYY-MM-DD') as "nextFollowDate", u.username as "userName"
       from crm_follow_up f join partner p on p.tenant_id = f.tenant_id and p.id = f.partner_id
       join sys_user u on u.tenant_id = f.tenant_id and u.id = f.creator
      where ${where} order by f.follow_at desc, f.id desc limit ${f.pageSize} offset ${(f.currentPage - 1) * f.pageSize}`,
    params,
  );
  return { rows, total: total!.n };
}

/** Customers whose planned follow-up is due within `days` (overdue included): the caller's, or all for `all`. */
export async function followUpsDue(tx: Tx, tenantId: number, userId: number | null, days = 7) {
  return tx.query(
    `select p.id as "partnerId", p.name, to_char(c.next_follow_date, 'YYYY-MM-DD') as "nextFollowDate", u.username as "ownerName"
       from crm_customer c join partner p on p.tenant_id = c.tenant_id and p.id = c.partner_id
       join sys_user u on u.tenant_id = c.tenant_id and u.id = c.owner_id
      where c.tenant_id = $1 and c.owner_id is not null and ($2::bigint is null or c.owner_id = $2) and not p.delete_flag
        and c.next_follow_date <= $3::date + $4::int
      order by c.next_follow_date, p.id limit 50`,
    [tenantId, userId, today(), days],
  );
}
