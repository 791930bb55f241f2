import Decimal from 'decimal.js';
import type { Tx } from '../../platform/db/database.ts';
import { BusinessError } from '../../platform/errors.ts';

/** The stages a company starts with (商机阶段 edits them): name, probability in percent. */
const DEFAULT_STAGES: Array<[string, number]> = [
  ['初步接洽', 10],
  ['需求确认', 30],
  ['方案报价', 60],
  ['谈判审核', 80],
];

export interface Stage {
  id: number;
  name: string;
  probability: string;
  sort: number;
}

/** The company's live stages in board order; a company without any gets the defaults first. */
export async function stages(tx: Tx, tenantId: number): Promise<Stage[]> {
  const read = async () =>
    (
      await tx.query<Stage>(
        `select id::int as id, name, probability::text as probability, sort from crm_stage
          where tenant_id = $1 and enabled and not delete_flag order by sort, id`,
        [tenantId],
      )
    ).map((s) => ({ ...s, probability: new Decimal(s.probability).toString() }));
  const found = await read();
  if (found.length) return found;
  const any = await tx.one('select 1 from crm_stage where tenant_id = $1 limit 1', [tenantId]);
  if (any) return found;
  await tx.query(
    `insert into crm_stage(tenant_id, name, probability, sort) select $1, s.name, s.p, s.ord
       from unnest($2::text[], $3::numeric[]) with ordinality as s(name, p, ord)`,
    [tenantId, DEFAULT_STAGES.map((s) => s[0]), DEFAULT_STAGES.map((s) => s[1])],
  );
  return read();
}

/** A live stage of the company; the first one when none is named. */
export async function stageOf(tx: Tx, tenantId: number, stageId?: number): Promise<Stage> {
  const all = await stages(tx, tenantId);
  const s = stageId === undefined ? all[0] : all.find((x) => x.id === stageId);
  if (!s) throw new BusinessError(stageId === undefined ? '请先设置商机阶段' : '商机阶段不存在或已停用');
  return s;
}
