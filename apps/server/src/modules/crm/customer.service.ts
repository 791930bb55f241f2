import type { Tx } from '../../platform/db/database.ts';
import type { RequestCtx } from '../../platform/request-ctx.ts';
import { BusinessError } from '../../platform/errors.ts';
import { logWrite } from '../../platform/audit.ts';
import { now } from '../../platform/clock.ts';
import { customerState, mayWork } from './customer-access.ts';

/** Tags must be labels of the company (标签设置); stored on the partner as one comma-separated text. */
export async function checkTags(tx: Tx, tenantId: number, tags: string[] | undefined): Promise<string | null> {
  if (!tags?.length) return null;
  const uniq = [...new Set(tags.map((x) => x.trim()))];
  const found = await tx.query<{ name: string }>('select name from crm_label where tenant_id = $1 and name = any($2::text[]) and enabled and not delete_flag', [
    tenantId,
    uniq,
  ]);
  const known = new Set(found.map((r) => r.name));
  const unknown = uniq.filter((x) => !known.has(x));
  if (unknown.length) throw new BusinessError(`标签不存在：${unknown.join('、')}`);
  const text = uniq.join(',');
  if (text.length > 200) throw new BusinessError('标签过多（合计不超过 200 个字符）');
  return text;
}

export interface ArchiveInput {
  customerStage?: string | null;
  grade?: string | null;
  industry?: string | null;
  source?: string | null;
  tags?: string[];
}

/** 客户档案: the CRM fields of the customer's partner row (SPEC §3 Customer); its holder or a manager. */
export async function updateArchive(ctx: RequestCtx, partnerId: number, input: ArchiveInput) {
  const { tx, session, ip } = ctx;
  const t = session.tenantId;
  mayWork(session, await customerState(tx, t, partnerId));
  const tags = input.tags === undefined ? undefined : await checkTags(tx, t, input.tags);
  const sets: string[] = [];
  const params: unknown[] = [t, partnerId, session.userId];
  const put = (col: string, v: unknown) => {
    params.push(v);
    sets.push(`${col} = $${params.length}`);
  };
  if (input.customerStage !== undefined) put('customer_stage', input.customerStage);
  if (input.grade !== undefined) put('grade', input.grade);
  if (input.industry !== undefined) put('industry', input.industry);
  if (input.source !== undefined) put('source', input.source);
  if (tags !== undefined) put('tags', tags);
  if (!sets.length) throw new BusinessError('没有要修改的内容');
  await tx.query(`update partner set ${sets.join(', ')}, updater = $3, updated_at = now() where tenant_id = $1 and id = $2`, params);
  await logWrite(tx, session, ip, 'update', 'crmCustomer', [partnerId], input);
  return { partnerId };
}

export interface FollowInput {
  partnerId: number;
  kind: 'call' | 'visit' | 'email' | 'note';
  content: string;
  nextFollowDate?: string | null;
  opportunityId?: number | null;
}

/** 跟进: a record on the customer's timeline. It restarts the pool clock, and a next follow-up date holds it until then. */
export async function addFollowUp(ctx: RequestCtx, input: FollowInput) {
  const { tx, session, ip } = ctx;
  const t = session.tenantId;
  mayWork(session, await customerState(tx, t, input.partnerId));
  if (input.opportunityId) {
    const o = await tx.one('select id from crm_opportunity where tenant_id = $1 and id = $2 and partner_id = $3 and not delete_flag', [
      t,
      input.opportunityId,
      input.partnerId,
    ]);
    if (!o) throw new BusinessError('商机不存在或不属于该客户');
  }
  const at = now();
  const row = await tx.one<{ id: string }>(
    `insert into crm_follow_up(tenant_id, partner_id, opportunity_id, kind, content, follow_at, next_follow_date, creator)
     values ($1, $2, $3, $4, $5, $6, $7, $8) returning id::text as id`,
    [t, input.partnerId, input.opportunityId ?? null, input.kind, input.content, at, input.nextFollowDate ?? null, session.userId],
  );
  await tx.query('update crm_customer set last_follow_at = $3, next_follow_date = $4, warned_at = null where tenant_id = $1 and partner_id = $2', [
    t,
    input.partnerId,
    at,
    input.nextFollowDate ?? null,
  ]);
  await logWrite(tx, session, ip, 'add', 'crmFollowUp', [Number(row!.id)]);
  return { id: Number(row!.id) };
}
