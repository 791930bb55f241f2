import { Decimal } from 'decimal.js';
import type { DocType } from '@erp/entities';
import type { Tx } from '../../../platform/db/database.ts';
import type { Movement } from './stock-ledger.ts';

/** A stored line, as posting needs it. */
export interface PostLine {
  id: number;
  material_id: number;
  depot_id: number | null;
  another_depot_id: number | null;
  batch_number: string | null;
  expiration_date: string | null;
  basic_number: string;
  all_price: string;
  material_type: string | null;
}

/** What posting a document does to stock, line by line (ARCHITECTURE §5). */
export async function movementsOf(tx: Tx, tenantId: number, t: DocType, lines: PostLine[]): Promise<Movement[]> {
  const base = (l: PostLine, depotId: number, qty: Decimal, reason: string): Movement => ({
    itemId: l.id,
    materialId: l.material_id,
    depotId,
    batch: l.batch_number ?? '',
    qty,
    expirationDate: l.expiration_date,
    reason,
  });
  const qty = (l: PostLine) => new Decimal(l.basic_number);
  // an inbound line with a price enters at that price (before tax); without one, at the current average
  const priced = (l: PostLine): Decimal | undefined => (new Decimal(l.all_price).gt(0) ? new Decimal(l.all_price).div(qty(l)) : undefined);
  switch (t.stock) {
    case 1:
      return lines.map((l) => ({ ...base(l, l.depot_id!, qty(l), t.key), unitCost: priced(l) }));
    case -1:
      return lines.map((l) => base(l, l.depot_id!, qty(l).neg(), t.key));
    case 'transfer':
      return lines.flatMap((l, i) => [
        base(l, l.depot_id!, qty(l).neg(), 'transfer-out'),
        { ...base(l, l.another_depot_id!, qty(l), 'transfer-in'), costFrom: { movements: [2 * i], share: new Decimal(1) } },
      ]);
    case 'assembly':
    case 'disassembly': {
      // the consumed side goes out first; the produced side takes its value
      const whole = lines.filter((l) => l.material_type === '组合件');
      const parts = lines.filter((l) => l.material_type !== '组合件');
      const [consumed, produced] = t.stock === 'assembly' ? [parts, whole] : [whole, parts];
      const out = consumed.map((l) => base(l, l.depot_id!, qty(l).neg(), `${t.key}-out`));
      const total = produced.reduce((s, l) => s.plus(qty(l)), new Decimal(0));
      const from = out.map((_, i) => i);
      return [
        ...out,
        ...produced.map((l) => ({
          ...base(l, l.depot_id!, qty(l), `${t.key}-in`),
          costFrom: { movements: from, share: total.isZero() ? new Decimal(0) : qty(l).div(total) },
        })),
      ];
    }
    case 'recount': {
      // the difference between what was counted and what the books say now
      const have = await tx.query<{ material_id: number; depot_id: number; batch_number: string; qty: string }>(
        `select material_id, depot_id, batch_number, qty from stock_balance
          where tenant_id = $1 and (material_id, depot_id) in (select * from unnest($2::bigint[], $3::bigint[]))`,
        [tenantId, lines.map((l) => l.material_id), lines.map((l) => l.depot_id)],
      );
      const book = new Map(have.map((h) => [`${h.material_id}:${h.depot_id}:${h.batch_number}`, new Decimal(h.qty)]));
      return lines
        .map((l) => base(l, l.depot_id!, qty(l).minus(book.get(`${l.material_id}:${l.depot_id}:${l.batch_number ?? ''}`) ?? 0), 'recount'))
        .filter((m) => !m.qty.isZero());
    }
    default:
      return [];
  }
}
