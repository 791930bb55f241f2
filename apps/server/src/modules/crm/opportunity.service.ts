import type { Tx } from '../../platform/db/database.ts';
import type { RequestCtx } from '../../platform/request-ctx.ts';
import { BusinessError, notFound } from '../../platform/errors.ts';
import { logWrite } from '../../platform/audit.ts';
import { now, today } from '../../platform/clock.ts';
import { CUSTOMER, checkUser } from './customer-access.ts';
import { lineAmounts, rateOn, toBase } from './rates.ts';
import { stageOf } from './stages.ts';

export interface LineInput {
  materialId: number;
  qty: string;
  price: string;
}

export interface OpportunityInput {
  name: string;
  partnerId: number;
  stageId?: number;
  ownerId?: number;
  currency: string;
  amount?: string;
  expectedClose?: string | null;
  remark?: string | null;
  lines?: LineInput[];
}

/** The amount: the products' total when there are lines (a different amount given with them is refused). */
function amountOf(input: Pick<OpportunityInput, 'amount' | 'lines'>): { amount: string; amounts: string[] } {
  if (!input.lines?.length) {
    if (input.amount === undefined) throw new BusinessError('请填写金额或产品明细');
    return { amount: input.amount, amounts: [] };
  }
  const { amounts, total } = lineAmounts(input.lines);
  if (input.amount !== undefined && Number(input.amount) !== Number(total)) throw new BusinessError(`金额 ${input.amount} 与产品明细合计 ${total} 不符`);
  return { amount: total, amounts };
}

async function checkPartner(tx: Tx, tenantId: number, partnerId: number) {
  const p = await tx.one('select 1 from partner where tenant_id = $1 and id = $2 and type = $3 and not delete_flag', [tenantId, partnerId, CUSTOMER]);
  if (!p) throw new BusinessError('客户不存在');
}

async function writeLines(tx: Tx, tenantId: number, oppId: number, lines: LineInput[], amounts: string[]) {
  await tx.query('delete from crm_opportunity_line where tenant_id = $1 and opportunity_id = $2', [tenantId, oppId]);
  if (!lines.length) return;
  const ids = lines.map((l) => l.materialId);
  const found = await tx.one<{ n: number }>('select count(*)::int as n from material where tenant_id = $1 and id = any($2::bigint[]) and not delete_flag', [
    tenantId,
    [...new Set(ids)],
  ]);
  if (found!.n !== new Set(ids).size) throw new BusinessError('产品不存在');
  await tx.query(
    `insert into crm_opportunity_line(tenant_id, opportunity_id, material_id, qty, price, amount)
     select $1, $2, m, q, p, a from unnest($3::bigint[], $4::numeric[], $5::numeric[], $6::numeric[]) as x(m, q, p, a)`,
    [tenantId, oppId, ids, lines.map((l) => l.qty), lines.map((l) => l.price), amounts],
  );
}

/** 新建商机: converted into the company currency at the day's rate; the caller owns it unless another user is named. */
export async function addOpportunity({ tx, session, ip }: RequestCtx, input: OpportunityInput) {
  const t = session.tenantId;
  await checkPartner(tx, t, input.partnerId);
  const stage = await stageOf(tx, t, input.stageId);
  const owner = input.ownerId ?? session.userId;
  if (input.ownerId) await checkUser(tx, t, input.ownerId);
  const { amount, amounts } = amountOf(input);
  const day = today();
  const rate = await rateOn(tx, t, input.currency, day);
  const at = now();
  const row = await tx.one<{ id: string }>(
    `insert into crm_opportunity(tenant_id, name, partner_id, owner_id, stage_id, currency, amount, rate, base_amount, rate_date, expected_close, remark, creator, created_at, updated_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $14) returning id::text as id`,
    [
      t,
      input.name,
      input.partnerId,
      owner,
      stage.id,
      input.currency,
      amount,
      rate,
      toBase(amount, rate),
      day,
      input.expectedClose ?? null,
      input.remark ?? null,
      session.userId,
      at,
    ],
  );
  const id = Number(row!.id);
  await writeLines(tx, t, id, input.lines ?? [], amounts);
  await logWrite(tx, session, ip, 'add', 'crmOpportunity', [id], { name: input.name });
  return { id, baseAmount: toBase(amount, rate), rate };
}

interface OppRow {
  id: number;
  status: string;
  partnerId: string;
  ownerId: string;
  rateDate: string;
  currency: string;
  amount: string;
}

export async function opportunityRow(tx: Tx, tenantId: number, id: number, lock = true): Promise<OppRow> {
  const o = await tx.one<OppRow>(
    `select id::int as id, status, partner_id::text as "partnerId", owner_id::text as "ownerId", to_char(rate_date, 'YYYY-MM-DD') as "rateDate",
            currency, amount::text as amount
       from crm_opportunity where tenant_id = $1 and id = $2 and not delete_flag ${lock ? 'for update' : ''}`,
    [tenantId, id],
  );
  if (!o) throw notFound('商机不存在');
  return o;
}

const open = (o: OppRow) => {
  if (o.status !== 'open') throw new BusinessError('商机已关闭（赢单或输单），不能修改');
};

/** 修改商机: name, owner, amount, currency, lines; the amount converts again at the rate of the opportunity's day. */
export async function updateOpportunity({ tx, session, ip }: RequestCtx, id: number, input: Partial<OpportunityInput>) {
  const t = session.tenantId;
  const o = await opportunityRow(tx, t, id);
  open(o);
  if (input.partnerId) await checkPartner(tx, t, input.partnerId);
  if (input.ownerId) await checkUser(tx, t, input.ownerId);
  if (input.stageId) await stageOf(tx, t, input.stageId);
  const money =
    input.lines !== undefined || input.amount !== undefined ? amountOf({ amount: input.amount, lines: input.lines }) : { amount: o.amount, amounts: [] };
  const currency = input.currency ?? o.currency;
  const rate = await rateOn(tx, t, currency, o.rateDate);
  await tx.query(
    `update crm_opportunity set name = coalesce($3, name), partner_id = coalesce($4, partner_id), owner_id = coalesce($5, owner_id),
       stage_id = coalesce($6, stage_id), currency = $7, amount = $8, rate = $9, base_amount = $10,
       expected_close = case when $11::boolean then $12::date else expected_close end, remark = case when $13::boolean then $14 else remark end, updated_at = $15
     where tenant_id = $1 and id = $2`,
    [
      t,
      id,
      input.name ?? null,
      input.partnerId ?? null,
      input.ownerId ?? null,
      input.stageId ?? null,
      currency,
      money.amount,
      rate,
      toBase(money.amount, rate),
      input.expectedClose !== undefined,
      input.expectedClose ?? null,
      input.remark !== undefined,
      input.remark ?? null,
      now(),
    ],
  );
  if (input.lines !== undefined) await writeLines(tx, t, id, input.lines, money.amounts);
  await logWrite(tx, session, ip, 'update', 'crmOpportunity', [id], input);
  return { id, baseAmount: toBase(money.amount, rate) };
}

/** Drag on the board: an open opportunity to another stage. */
export async function moveOpportunity({ tx, session, ip }: RequestCtx, id: number, stageId: number) {
  const t = session.tenantId;
  const o = await opportunityRow(tx, t, id);
  open(o);
  const stage = await stageOf(tx, t, stageId);
  await tx.query('update crm_opportunity set stage_id = $3, updated_at = $4 where tenant_id = $1 and id = $2', [t, id, stage.id, now()]);
  await logWrite(tx, session, ip, 'move', 'crmOpportunity', [id], { stageId });
  return { id, stageId: stage.id };
}

/** 赢单 / 输单 with a reason. A win is the customer's deal: it restarts the pool's days-without-a-deal clock. */
export async function closeOpportunity({ tx, session, ip }: RequestCtx, id: number, result: 'won' | 'lost', reason: string | undefined) {
  const t = session.tenantId;
  const o = await opportunityRow(tx, t, id);
  open(o);
  const at = now();
  await tx.query('update crm_opportunity set status = $3, close_reason = $4, closed_at = $5, updated_at = $5 where tenant_id = $1 and id = $2', [
    t,
    id,
    result,
    reason ?? null,
    at,
  ]);
  if (result === 'won') {
    await tx.query('update crm_customer set last_deal_at = $3, warned_at = null where tenant_id = $1 and partner_id = $2', [t, o.partnerId, at]);
  }
  await logWrite(tx, session, ip, result, 'crmOpportunity', [id], { reason });
  return { id, status: result };
}
