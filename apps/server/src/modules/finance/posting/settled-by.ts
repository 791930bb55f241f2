import type { Tx } from '../../../platform/db/database.ts';

/** The refusal for changing a document that receipts or payments still settle, naming them. */
export async function settledByMessage(tx: Tx, tenantId: number, number: string, by: { kind: string; id: number }[]): Promise<string> {
  const ids = by.filter((b) => b.kind === 'account').map((b) => b.id);
  const rows = await tx.query<{ number: string }>('select number from account_head where tenant_id = $1 and id = any($2::bigint[]) order by number', [
    tenantId,
    ids,
  ]);
  return `单据 ${number} 已有收付款单 ${rows.map((r) => r.number).join('、')}，请先反审核或删除收付款单`;
}
