import type { Tx } from '../../platform/db/database.ts';
import { notFound } from '../../platform/errors.ts';

export interface ProjectFilter {
  name?: string;
  status?: string;
  tendererId?: number;
  currentPage?: number;
  pageSize?: number;
}

const PROJECT_COLUMNS = `p.id, p.name, p.code, p.status, p.tenderer_id as "tendererId", pt.name as "tendererName", p.agency,
  p.budget::text, p.our_price::text as "ourPrice", to_char(p.registration_deadline, 'YYYY-MM-DD') as "registrationDeadline",
  to_char(p.opening_date, 'YYYY-MM-DD') as "openingDate", to_char(p.valid_until, 'YYYY-MM-DD') as "validUntil",
  to_char(p.result_date, 'YYYY-MM-DD') as "resultDate", p.remark`;

/** 项目信息 / 项目状态 and each step's list: the projects, newest first, filtered by name, status (comma list) or party. */
export async function listProjects(tx: Tx, tenantId: number, f: ProjectFilter) {
  const where = ['p.tenant_id = $1', 'not p.delete_flag'];
  const args: unknown[] = [tenantId];
  if (f.name) {
    args.push(f.name);
    where.push(`(p.name ilike '%' || $${args.length} || '%' or p.code ilike '%' || $${args.length} || '%')`);
  }
  if (f.status) {
    args.push(f.status.split(','));
    where.push(`p.status = any($${args.length}::text[])`);
  }
  if (f.tendererId) {
    args.push(f.tendererId);
    where.push(`p.tenderer_id = $${args.length}`);
  }
  const size = f.pageSize ?? 20;
  const rows = await tx.query(
    `select ${PROJECT_COLUMNS},
            (select coalesce(sum(m.amount), 0)::text from bid_money m where m.tenant_id = p.tenant_id and m.project_id = p.id
                and m.kind = 'deposit' and m.pay_state = 'paid' and not m.delete_flag) as "depositOut",
            count(*) over () as total
       from bid_project p join partner pt on pt.tenant_id = p.tenant_id and pt.id = p.tenderer_id
      where ${where.join(' and ')} order by p.id desc limit ${size} offset ${((f.currentPage ?? 1) - 1) * size}`,
    args,
  );
  return { rows: rows.map(({ total: _, ...r }) => r), total: Number(rows[0]?.total ?? 0) };
}

/** One project with its tender items, bidders, money, reviews and status history. */
export async function projectDetail(tx: Tx, tenantId: number, id: number) {
  const p = await tx.one(
    `select ${PROJECT_COLUMNS} from bid_project p join partner pt on pt.tenant_id = p.tenant_id and pt.id = p.tenderer_id
      where p.tenant_id = $1 and p.id = $2 and not p.delete_flag`,
    [tenantId, id],
  );
  if (!p) throw notFound('投标项目不存在或已删除');
  const items = await tx.query(`select id, lot, name, qty::text, unit, budget::text from bid_item where tenant_id = $1 and project_id = $2 order by id`, [
    tenantId,
    id,
  ]);
  const bidders = await tx.query(
    `select id, name, is_self as "isSelf", analysis, expected_price::text as "expectedPrice", opening_price::text as "openingPrice", score::text, winner
         from bid_bidder where tenant_id = $1 and project_id = $2 order by opening_price nulls last, id`,
    [tenantId, id],
  );
  const money = await tx.query(
    `select id, number, kind, amount::text, status, pay_state as "payState", to_char(paid_date, 'YYYY-MM-DD') as "paidDate",
              to_char(settled_date, 'YYYY-MM-DD') as "settledDate" from bid_money where tenant_id = $1 and project_id = $2 and not delete_flag order by id`,
    [tenantId, id],
  );
  const reviews = await tx.query(
    `select r.id, r.kind, r.item, r.reviewer_id as "reviewerId", u.username as "reviewerName", r.result, r.evidence, r.remark
         from bid_review r left join sys_user u on u.tenant_id = r.tenant_id and u.id = r.reviewer_id
        where r.tenant_id = $1 and r.project_id = $2 order by r.id`,
    [tenantId, id],
  );
  const log = await tx.query(
    `select l.from_status as "from", l.to_status as "to", l.remark, u.username as "actorName", to_char(l.created_at, 'YYYY-MM-DD HH24:MI') as time
         from bid_status_log l left join sys_user u on u.tenant_id = l.tenant_id and u.id = l.actor_id
        where l.tenant_id = $1 and l.project_id = $2 order by l.id`,
    [tenantId, id],
  );
  return { ...p, items, bidders, money, reviews, log };
}
