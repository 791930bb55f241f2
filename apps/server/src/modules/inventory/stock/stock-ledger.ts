import { Decimal } from 'decimal.js';
import type { Tx } from '../../../platform/db/database.ts';
import { BusinessError } from '../../../platform/errors.ts';
import { stockSummaryCtes } from './stock-summary.ts';
import { guardProbes, runStockGuards, shortageNotes } from './stock-guards.ts';

/**
 * Stock movements → append-only ledger rows + balances, in one transaction (ARCHITECTURE §5).
 * Rows are locked in a fixed key order (cost rows by material, warehouse; then balance rows by
 * material, warehouse, batch), so concurrent posts queue instead of deadlocking or overselling.
 * Valuation: moving average per material and warehouse.
 */
export interface Movement {
  itemId: number | null;
  materialId: number;
  depotId: number;
  batch: string;
  /** signed, in the base unit */
  qty: Decimal;
  /** unit cost of an inbound movement; undefined = the current average (outbound, returns without price) */
  unitCost?: Decimal;
  /** an inbound movement valued at the cost of earlier outbound movements of the same post (transfer, assembly) */
  costFrom?: { movements: number[]; share: Decimal };
  /** exactly this value change (reversals undo what was posted, whatever the average is now) */
  fixedValue?: Decimal;
  expirationDate?: string | null;
  reason: string;
}

const SCALE = 6;
const round = (d: Decimal) => d.toDecimalPlaces(SCALE, Decimal.ROUND_HALF_UP);
const costKey = (m: number, d: number) => `${m}:${d}`;
const balKey = (m: number, d: number, b: string) => `${m}:${d}:${b}`;

export interface PostResult {
  /** unit cost used for each movement, by index (sales lines keep theirs) */
  unitCosts: Decimal[];
}

export interface PostOptions {
  allowNegative: boolean;
  reversal?: boolean;
  /** outbound lines keep the unit cost they left at (for margins) */
  lineCosts?: boolean;
  /** sets the header's posted flag in the same statement */
  posted?: boolean;
  /**
   * Called once the post's last statement is sent, before its answer: the caller's next statement, issued here, is
   * queued behind it and shares its round trip on PostgreSQL's pipelined connections (issue 13). Not called when
   * nothing moves.
   */
  alongside?: () => void;
}

type CostRow = { qty: Decimal; value: Decimal };
type LedgerRow = { m: Movement; unitCost: Decimal; value: Decimal; qtyAfter: Decimal; valueAfter: Decimal };
type Keys = { costKeys: Array<readonly [number, number]>; balKeys: Array<readonly [number, number, string]> };

export async function postMovements(tx: Tx, tenantId: number, headerId: number | null, moves: Movement[], opts: PostOptions): Promise<PostResult> {
  if (!moves.length) return { unitCosts: [] };
  const keys = keysInLockOrder(moves);
  const { cost, bal } = await lockBalances(tx, tenantId, keys, (probed) => runStockGuards(tx, tenantId, moves, probed));
  const { ledger, unitCosts, short } = valueMovements(moves, cost, bal, opts);
  if (short.length) throw await shortage(tx, tenantId, short[0], bal.get(balKey(short[0].materialId, short[0].depotId, short[0].batch))!);
  const written = writePost(tx, tenantId, headerId, moves, opts, keys, { cost, bal, ledger });
  opts.alongside?.();
  await written;
  return { unitCosts };
}

const summaryRow = (l: LedgerRow) => ({ itemId: l.m.itemId, materialId: l.m.materialId, depotId: l.m.depotId, batch: l.m.batch, qty: l.m.qty, value: l.value });

/** The cost rows and balance rows a post touches, each once, in the fixed lock order. */
function keysInLockOrder(moves: Movement[]): Keys {
  const costKeys = [...new Map(moves.map((m) => [costKey(m.materialId, m.depotId), [m.materialId, m.depotId] as const])).values()].sort(
    (a, b) => a[0] - b[0] || a[1] - b[1],
  );
  const balKeys = [...new Map(moves.map((m) => [balKey(m.materialId, m.depotId, m.batch), [m.materialId, m.depotId, m.batch] as const])).values()].sort(
    (a, b) => a[0] - b[0] || a[1] - b[1] || (a[2] < b[2] ? -1 : a[2] > b[2] ? 1 : 0),
  );
  return { costKeys, balKeys };
}

type Locked = {
  kind: 'c' | 'b' | 'g';
  material_id: number;
  depot_id: number;
  batch_number: string;
  qty: string;
  value: string;
  probed: Record<string, unknown>;
};

/**
 * Creates missing cost and balance rows, locks and reads the others in key order, and reads the stock guards' probes —
 * one statement; the guards may then refuse the post. The union reads its branches in turn: the rows it creates
 * first (new to this transaction, returned with their zero balances), then cost rows, then balance rows locked in key
 * order (FOR UPDATE returns the latest committed version). A row another transaction created after the statement began
 * is in neither branch (the insert waited for it and did nothing; the select's snapshot is older): a second statement
 * locks those. A no-op upsert would do it all at once but writes every row twice.
 */
async function lockBalances(tx: Tx, tenantId: number, { costKeys, balKeys }: Keys, guard: (probed: Record<string, unknown>) => Promise<void>) {
  const [cm, cd] = [costKeys.map((k) => k[0]), costKeys.map((k) => k[1])];
  const [bm, bd, bb] = [balKeys.map((k) => k[0]), balKeys.map((k) => k[1]), balKeys.map((k) => k[2])];
  const rows = await tx.query<Locked>(
    `with nc as (
       insert into stock_cost(tenant_id, material_id, depot_id) select $1, m, d from unnest($2::bigint[], $3::bigint[]) as k(m, d) order by m, d
       on conflict do nothing returning material_id, depot_id, qty, value
     ), nb as (
       insert into stock_balance(tenant_id, material_id, depot_id, batch_number)
       select $1, m, d, b from unnest($4::bigint[], $5::bigint[], $6::text[]) as k(m, d, b) order by m, d, b on conflict do nothing
       returning material_id, depot_id, batch_number, qty
     ), ${LOCKS}
     select 'c' as kind, material_id, depot_id, '' as batch_number, qty, value, null::json as probed from nc
     union all select 'b', material_id, depot_id, batch_number, qty, null, null from nb
     union all select 'c', material_id, depot_id, '', qty, value, null from c
     union all select 'b', material_id, depot_id, batch_number, qty, null, null from s
     union all select 'g', null, null, null, null, null, ${guardProbes()}`,
    [tenantId, cm, cd, bm, bd, bb],
  );
  await guard(rows.find((r) => r.kind === 'g')!.probed);
  const cost = new Map<string, CostRow>();
  const bal = new Map<string, Decimal>();
  const read = (r: Locked) =>
    r.kind === 'c'
      ? cost.set(costKey(r.material_id, r.depot_id), { qty: new Decimal(r.qty), value: new Decimal(r.value) })
      : r.kind === 'b' && bal.set(balKey(r.material_id, r.depot_id, r.batch_number), new Decimal(r.qty));
  rows.forEach(read);
  const lateCost = costKeys.filter((k) => !cost.has(costKey(k[0], k[1])));
  const lateBal = balKeys.filter((k) => !bal.has(balKey(k[0], k[1], k[2])));
  if (lateCost.length || lateBal.length) {
    const late = await tx.query<Locked>(
      `with ${LOCKS} select 'c' as kind, material_id, depot_id, '' as batch_number, qty, value from c
       union all select 'b', material_id, depot_id, batch_number, qty, null from s`,
      [tenantId, lateCost.map((k) => k[0]), lateCost.map((k) => k[1]), lateBal.map((k) => k[0]), lateBal.map((k) => k[1]), lateBal.map((k) => k[2])],
    );
    late.forEach(read);
  }
  return { cost, bal };
}

/** The cost rows ($2, $3) and then the balance rows ($4–$6) of the tenant ($1), locked in key order (WITH items c, s). */
const LOCKS = `c as (
       select c.material_id, c.depot_id, c.qty, c.value from stock_cost c join unnest($2::bigint[], $3::bigint[]) as k(m, d)
           on c.material_id = k.m and c.depot_id = k.d
        where c.tenant_id = $1 order by c.material_id, c.depot_id for update of c
     ), s as (
       select s.material_id, s.depot_id, s.batch_number, s.qty from stock_balance s
         join unnest($4::bigint[], $5::bigint[], $6::text[]) as k(m, d, b) on s.material_id = k.m and s.depot_id = k.d and s.batch_number = k.b
        where s.tenant_id = $1 order by s.material_id, s.depot_id, s.batch_number for update of s
     )`;

/** Values each movement at the moving average (or its given cost), running the balances forward. */
function valueMovements(moves: Movement[], cost: Map<string, CostRow>, bal: Map<string, Decimal>, opts: PostOptions) {
  const ledger: LedgerRow[] = [];
  const unitCosts: Decimal[] = [];
  const short: Movement[] = [];
  for (const mv of moves) {
    const c = cost.get(costKey(mv.materialId, mv.depotId))!;
    const bk = balKey(mv.materialId, mv.depotId, mv.batch);
    const avg = c.qty.gt(0) ? c.value.div(c.qty) : new Decimal(0);
    let unitCost: Decimal;
    let value: Decimal;
    if (mv.fixedValue) {
      value = mv.fixedValue;
      unitCost = mv.qty.isZero() ? new Decimal(0) : round(value.div(mv.qty).abs());
    } else if (mv.qty.lt(0)) {
      unitCost = round(avg);
      // taking all of it takes all of its value, so no rounding residue stays behind
      value = c.qty.plus(mv.qty).isZero() ? c.value.neg() : round(mv.qty.times(avg));
    } else {
      if (mv.costFrom) {
        const taken = mv.costFrom.movements.reduce((sum, i) => sum.plus(ledger[i].value.neg()), new Decimal(0));
        value = round(taken.times(mv.costFrom.share));
        unitCost = mv.qty.isZero() ? new Decimal(0) : round(value.div(mv.qty));
      } else {
        unitCost = round(mv.unitCost ?? avg);
        value = round(mv.qty.times(unitCost));
      }
    }
    c.qty = c.qty.plus(mv.qty);
    c.value = c.value.plus(value);
    const b = (bal.get(bk) ?? new Decimal(0)).plus(mv.qty);
    bal.set(bk, b);
    if (!opts.allowNegative && mv.qty.lt(0) && b.lt(0)) short.push(mv);
    unitCosts.push(unitCost);
    ledger.push({ m: mv, unitCost, value, qtyAfter: c.qty, valueAfter: c.value });
  }

  return { ledger, unitCosts, short };
}

async function writePost(
  tx: Tx,
  tenantId: number,
  headerId: number | null,
  moves: Movement[],
  opts: PostOptions,
  { costKeys, balKeys }: Keys,
  { cost, bal, ledger }: { cost: Map<string, CostRow>; bal: Map<string, Decimal>; ledger: LedgerRow[] },
) {
  const expiry = new Map(moves.filter((m) => m.expirationDate && m.qty.gt(0)).map((m) => [balKey(m.materialId, m.depotId, m.batch), m.expirationDate!]));
  const lineCosts = opts.lineCosts ? ledger.filter((l) => l.m.qty.lt(0) && l.m.itemId) : [];
  // every write of the post in one round trip: ledger rows, both balances, the outbound lines'
  // cost, the header's posted flag and the summary rows (sibling data-modifying CTEs all run, whatever is selected)
  const sums = stockSummaryCtes(ledger.map(summaryRow), opts.reversal ?? false, 26);
  await tx.query(
    `with ledger as (
       insert into stock_ledger(tenant_id, header_id, item_id, material_id, depot_id, batch_number, qty_change, unit_cost, value_change,
                                qty_after, value_after, reversal, reason)
       select $1, $2, i, m, d, b, q, uc, v, qa, va, $12, r
         from unnest($3::bigint[], $4::bigint[], $5::bigint[], $6::text[], $7::numeric[], $8::numeric[], $9::numeric[], $10::numeric[],
                     $11::numeric[], $13::text[]) as x(i, m, d, b, q, uc, v, qa, va, r)
     ), cost as (
       update stock_cost c set qty = x.q, value = x.v, updated_at = now()
         from unnest($14::bigint[], $15::bigint[], $16::numeric[], $17::numeric[]) as x(m, d, q, v)
        where c.tenant_id = $1 and c.material_id = x.m and c.depot_id = x.d
     ), bal as (
       update stock_balance s set qty = x.q, expiration_date = coalesce(x.e::date, s.expiration_date), updated_at = now()
         from unnest($18::bigint[], $19::bigint[], $20::text[], $21::numeric[], $22::text[]) as x(m, d, b, q, e)
        where s.tenant_id = $1 and s.material_id = x.m and s.depot_id = x.d and s.batch_number = x.b
     ), line as (
       update depot_item i set cost_price = x.c from unnest($23::bigint[], $24::numeric[]) as x(id, c) where i.tenant_id = $1 and i.id = x.id
     ), head as (
       update depot_head set posted = $25::boolean where tenant_id = $1 and id = $2 and $25::boolean is not null
     ), ${sums.sql} select 1`,
    [
      tenantId,
      headerId,
      ledger.map((l) => l.m.itemId),
      ledger.map((l) => l.m.materialId),
      ledger.map((l) => l.m.depotId),
      ledger.map((l) => l.m.batch),
      ledger.map((l) => l.m.qty.toFixed()),
      ledger.map((l) => l.unitCost.toFixed()),
      ledger.map((l) => l.value.toFixed()),
      ledger.map((l) => l.qtyAfter.toFixed()),
      ledger.map((l) => l.valueAfter.toFixed()),
      opts.reversal ?? false,
      ledger.map((l) => l.m.reason),
      costKeys.map((k) => k[0]),
      costKeys.map((k) => k[1]),
      costKeys.map((k) => cost.get(costKey(k[0], k[1]))!.qty.toFixed()),
      costKeys.map((k) => cost.get(costKey(k[0], k[1]))!.value.toFixed()),
      balKeys.map((k) => k[0]),
      balKeys.map((k) => k[1]),
      balKeys.map((k) => k[2]),
      balKeys.map((k) => bal.get(balKey(k[0], k[1], k[2]))!.toFixed()),
      balKeys.map((k) => expiry.get(balKey(k[0], k[1], k[2])) ?? null),
      lineCosts.map((l) => l.m.itemId),
      lineCosts.map((l) => l.unitCost.toFixed()),
      opts.posted ?? null,
      ...sums.params,
    ],
  );
}

/** A clear refusal naming the item, warehouse and batch (ARCHITECTURE §5). */
async function shortage(tx: Tx, tenantId: number, mv: Movement, after: Decimal): Promise<BusinessError> {
  const r = await tx.one<{ material: string; depot: string }>(
    `select m.name as material, d.name as depot from material m, depot d where m.tenant_id = $1 and m.id = $2 and d.tenant_id = $1 and d.id = $3`,
    [tenantId, mv.materialId, mv.depotId],
  );
  const have = after.minus(mv.qty);
  const batch = mv.batch ? `（批号 ${mv.batch}）` : '';
  const note = await shortageNotes(tx, tenantId, mv.materialId, mv.depotId);
  return new BusinessError(`商品“${r?.material}”在仓库“${r?.depot}”${batch}库存不足：当前库存 ${have.toFixed()}，需要 ${mv.qty.neg().toFixed()}${note}`);
}

/**
 * Undoes what a document posted: for each line, warehouse and batch, a row with the opposite of
 * its net quantity and value. History is never rewritten; repeated post/unpost cycles net out.
 */
export async function reverseDocument(tx: Tx, tenantId: number, headerId: number, opts: { allowNegative: boolean }): Promise<void> {
  const net = await tx.query<{ item_id: number | null; material_id: number; depot_id: number; batch_number: string; qty: string; value: string }>(
    `select item_id, material_id, depot_id, batch_number, sum(qty_change) as qty, sum(value_change) as value
       from stock_ledger where tenant_id = $1 and header_id = $2
      group by item_id, material_id, depot_id, batch_number
     having sum(qty_change) <> 0 or sum(value_change) <> 0
      order by min(id) desc`,
    [tenantId, headerId],
  );
  if (!net.length) return;
  // the opposite movement, valued at exactly what was posted
  const moves: Movement[] = net.map((n) => ({
    itemId: n.item_id,
    materialId: n.material_id,
    depotId: n.depot_id,
    batch: n.batch_number,
    qty: new Decimal(n.qty).neg(),
    fixedValue: new Decimal(n.value).neg(),
    reason: 'reversal',
  }));
  await postMovements(tx, tenantId, headerId, moves, { ...opts, reversal: true });
}
