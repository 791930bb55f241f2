import { defineReport, paged, type Row } from './report.ts';
import { days, depotJoin, id, inScope, MATERIAL_COLS, materialJoin, materialMatch, Q, text, ITEM_COLUMNS } from './sql.ts';

/** Batches with stock (批次库存), soonest expiry first, with the days left (negative: expired). */
export const batchInventoryReport = defineReport({
  url: '/report/batchInventory',
  menu: '/report/batch_inventory',
  title: '批次库存',
  summary: 'Batches with stock, their expiry date and days to expiry',
  filters: {
    depotId: id.optional(),
    materialParam: text(100).optional(),
    batchNumber: text(50).optional(),
    /** only batches expiring within this many days (expired ones included) */
    expiringDays: days.optional(),
  },
  columns: [
    ...ITEM_COLUMNS,
    { key: 'batchNumber', header: '批号' },
    { key: 'qty', header: '数量' },
    { key: 'expirationDate', header: '有效期至' },
    { key: 'daysToExpiry', header: '剩余天数' },
  ],
  run: async ({ tx, session, scope }, f, page) => {
    const q = new Q(session.tenantId);
    const w = ['s.tenant_id = $1', "s.batch_number <> ''", 's.qty > 0', inScope(q, 's.depot_id', scope)];
    if (f.depotId) w.push(`s.depot_id = ${q.v(f.depotId)}`);
    if (f.materialParam) w.push(materialMatch(q, f.materialParam));
    if (f.batchNumber) w.push(`s.batch_number = ${q.v(f.batchNumber)}`);
    if (f.expiringDays !== undefined) w.push(`s.expiration_date <= current_date + ${q.v(f.expiringDays)}::int`);
    return paged(tx, q.params, {
      select: `${MATERIAL_COLS}, s.depot_id as "depotId", d.name as "depotName", s.batch_number as "batchNumber", s.qty::float8 as qty,
        to_char(s.expiration_date, 'YYYY-MM-DD') as "expirationDate", (s.expiration_date - current_date) as "daysToExpiry"`,
      body: `from stock_balance s ${materialJoin('s')} ${depotJoin('s')} where ${w.join(' and ')}`,
      order: 's.expiration_date nulls last, m.id, d.id, s.batch_number',
      sums: { qty: 's.qty' },
      page,
    });
  },
  sheet: (r) => ({ after: [{ barCode: '合计', ...(r.sums as Row) }] }),
});
