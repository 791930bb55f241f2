import type { Tx } from '../../../platform/db/database.ts';
import { barcodesSql, type Barcode, type Line } from './document-lines.ts';
import type { LineInput } from './document.schemas.ts';
import { approvalRequiredSql } from '../../workflow/index.ts';

/**
 * The few statements a save is made of, each written to cost one round trip: posting is CPU per
 * statement on a small machine (bench/RESULTS.md "Posting"), so reads a save needs are asked
 * together and the header goes in with its lines.
 */
export interface Switches {
  minusStock: boolean;
  stockAudit: boolean;
  overLink: boolean;
  reservoirArea: boolean;
}

const SWITCHES = `minus_stock_flag as "minusStock", stock_approval_flag as "stockAudit", over_link_flag as "overLink", reservoir_area_flag as "reservoirArea"`;
/** The closed account period ('YYYY-MM') a time expression falls in, or null (SPEC account period control). */
export const closedPeriodOf = (tenant: string, time: string) =>
  `(select period from account_period where tenant_id = ${tenant} and closed and period = to_char(${time}, 'YYYY-MM'))`;

/** Refusals for documents dated in a closed period: nothing is written. */
export const PERIOD_MSG = {
  closed: (period: string, what: string) => `单据日期所在的账期 ${period} 已结账，不能${what}单据`,
  closedDoc: (number: string, period: string, what: string) => `单据 ${number} 所在的账期 ${period} 已结账，不能${what}`,
};

export async function switches(tx: Tx, tenantId: number): Promise<Switches> {
  return (await tx.one<Switches>(`select ${SWITCHES} from system_config where tenant_id = $1`, [tenantId]))!;
}

export interface SaveContext {
  sw: Switches;
  /** the lines' barcodes that exist, with their material and unit ratio */
  barcodes: Barcode[];
  /** undefined: no partner named; null: named but missing or disabled */
  partnerType: string | null | undefined;
  /** the named warehouses that exist and are enabled */
  depots: Set<number>;
  /** the named settlement accounts that exist and are enabled */
  accounts: Set<number>;
  closedPeriod: string | null;
  /** saved as approved while documents of its type must go through an approval flow (asked only with `approvalFor`) */
  needsApproval: boolean;
}

export interface SaveAsk {
  organId: number | undefined;
  depotIds: number[];
  accountIds: number[];
  operTime: string;
  /** a document type saved as approved: whether it must go through approval instead */
  approvalFor?: string;
  /** the lines, whose barcodes come back with the context (resolveLines checks them) */
  rows: LineInput[];
}

/** What a save checks before it writes, in one query: switches, partner, warehouses, settlement accounts, the date's period, approval. */
export async function saveContext(tx: Tx, tenantId: number, ask: SaveAsk): Promise<SaveContext> {
  const p = params();
  const [t, organ, depotIds, operTime, accountIds] = [tenantId, ask.organId ?? 0, ask.depotIds, ask.operTime, ask.accountIds].map(p.$);
  const approval = ask.approvalFor ? approvalRequiredSql(t, `${p.$(ask.approvalFor)}::text`) : 'false';
  const r = await tx.one<
    Switches & { partner: string | null; depots: number[] | null; accounts: number[] | null; closed: string | null; approval: boolean; barcodes: Barcode[] }
  >(
    `select ${SWITCHES},
            (select type from partner where tenant_id = ${t} and id = ${organ} and not delete_flag and enabled) as partner,
            (select array_agg(id) from depot where tenant_id = ${t} and id = any(${depotIds}::bigint[]) and not delete_flag and enabled) as depots,
            (select array_agg(id) from settlement_account where tenant_id = ${t} and id = any(${accountIds}::bigint[]) and not delete_flag and enabled) as accounts,
            ${closedPeriodOf(t, `${operTime}::timestamptz`)} as closed,
            ${approval} as approval,
            ${barcodesSql(ask.rows, t, p.$)} as barcodes
       from system_config c where c.tenant_id = ${t}`,
    p.values,
  );
  const { partner, depots, accounts, closed, approval: needsApproval, barcodes, ...sw } = r!;
  return {
    barcodes,
    sw,
    partnerType: ask.organId ? partner : undefined,
    depots: new Set((depots ?? []).map(Number)),
    accounts: new Set((accounts ?? []).map(Number)),
    closedPeriod: closed,
    needsApproval,
  };
}

/** A query's parameters, numbered as they are added. */
function params() {
  const values: unknown[] = [];
  return { values, $: (v: unknown) => (values.push(v), `$${values.length}`) };
}

export interface StoredLine {
  id: number;
  line_no: number;
}

/**
 * Writes the header (an insert of a new document, else an update of `headerId`), its lines and its payment split
 * over settlement accounts (checked by the caller) in one statement. `head` maps columns to values; returns the
 * header id and the new lines' ids.
 */
export async function storeDocument(
  tx: Tx,
  tenantId: number,
  headerId: number | undefined,
  head: Record<string, unknown>,
  lines: Line[],
  accounts: Array<{ accountId: number; amount: string }>,
): Promise<{ headerId: number; items: StoredLine[] }> {
  const p = params();
  const t = p.$(tenantId);
  const cols = Object.keys(head);
  const vals = cols.map((k) => p.$(head[k]));
  const writeHead =
    headerId === undefined
      ? `insert into depot_head(tenant_id, ${cols.join(', ')}) values (${t}, ${vals.join(', ')}) returning id`
      : `update depot_head set ${cols.map((k, i) => `${k} = ${vals[i]}`).join(', ')}, updated_at = now() where tenant_id = ${t} and id = ${p.$(headerId)} returning id`;
  const arr = <T>(type: string, f: (l: Line) => T) => `${p.$(lines.map(f))}::${type}[]`;
  const rows = await tx.query<StoredLine & { header_id: number }>(
    `with h as (${writeHead}), a as (
       insert into depot_head_account(tenant_id, header_id, account_id, amount)
       select ${t}, h.id, x.a, x.m from h, unnest(${p.$(accounts.map((a) => a.accountId))}::bigint[], ${p.$(accounts.map((a) => a.amount))}::numeric[]) as x(a, m)
     )
     insert into depot_item(tenant_id, header_id, line_no, material_id, material_extend_id, material_unit, sku, oper_number, basic_number,
                            unit_price, tax_rate, tax_money, all_price, tax_last_money, depot_id, another_depot_id, batch_number,
                            expiration_date, sn_list, link_id, material_type, remark, reservoir_area_id)
     select ${t}, h.id, x.* from h, unnest(${[
       arr('int', (l) => l.lineNo),
       arr('bigint', (l) => l.materialId),
       arr('bigint', (l) => l.materialExtendId),
       arr('text', (l) => l.unit),
       arr('text', (l) => l.sku),
       arr('numeric', (l) => l.operNumber.toFixed()),
       arr('numeric', (l) => l.basicNumber.toFixed()),
       arr('numeric', (l) => l.unitPrice.toFixed()),
       arr('numeric', (l) => l.taxRate.toFixed()),
       arr('numeric', (l) => l.taxMoney.toFixed()),
       arr('numeric', (l) => l.allPrice.toFixed()),
       arr('numeric', (l) => l.taxLastMoney.toFixed()),
       arr('bigint', (l) => l.depotId),
       arr('bigint', (l) => l.anotherDepotId),
       arr('text', (l) => l.batchNumber),
       arr('date', (l) => l.expirationDate),
       arr('text', (l) => (l.snList.length ? l.snList.join(',') : null)),
       arr('bigint', (l) => l.linkId),
       arr('text', (l) => l.materialType),
       arr('text', (l) => l.remark),
       arr('bigint', (l) => l.reservoirAreaId),
     ].join(', ')}) as x
     returning id, line_no, header_id`,
    p.values,
  );
  return { headerId: rows[0].header_id, items: rows.map(({ id, line_no }) => ({ id, line_no })) };
}
