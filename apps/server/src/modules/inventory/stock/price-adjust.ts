import { DOC_TYPE_BY_KEY, type DocType } from '@erp/entities';
import { checkAccess } from '../../../platform/auth/access.ts';
import { BusinessError, badRequest, notFound } from '../../../platform/errors.ts';
import type { RequestCtx } from '../../../platform/request-ctx.ts';
import type { Tx } from '../../../platform/db/database.ts';
import type { Session } from '../../../platform/auth/session.ts';
import type { LineInput } from '../documents/document.schemas.ts';

/**
 * 价格调整 (price adjustment, ARCHITECTURE §5 documents): each line names a barcode and its new
 * purchase / retail / sales / lowest prices. Auditing writes them to the barcode and keeps the
 * replaced prices on the line; un-auditing puts those back. No stock moves.
 */
const KEYS = ['purchaseDecimal', 'commodityDecimal', 'wholesaleDecimal', 'lowDecimal'] as const;
const COLS = ['purchase_decimal', 'commodity_decimal', 'wholesale_decimal', 'low_decimal'] as const;

/** Stores the new prices of the (just inserted) lines; other document types may not carry prices. */
export async function savePriceLines(c: RequestCtx, t: DocType, headerId: number, rows: LineInput[]) {
  if (!t.prices) {
    if (rows.some((r) => r.prices)) throw badRequest('只有价格调整单的明细可以填写新价格');
    return;
  }
  rows.forEach((r, i) => {
    if (!r.prices || KEYS.every((k) => r.prices![k] === undefined)) throw badRequest(`第${i + 1}行：请至少填写一个新价格`);
  });
  const { tx, session } = c;
  const items = await tx.query<{ id: number; line_no: number; material_extend_id: number; bar_code: string }>(
    `select i.id, i.line_no, i.material_extend_id, e.bar_code from depot_item i
       join material_extend e on e.tenant_id = i.tenant_id and e.id = i.material_extend_id
      where i.tenant_id = $1 and i.header_id = $2 and not i.delete_flag order by i.line_no`,
    [session.tenantId, headerId],
  );
  const seen = new Set<number>();
  for (const it of items) {
    // two lines for one barcode would make "the old price" ambiguous on un-audit
    if (seen.has(it.material_extend_id)) throw new BusinessError(`第${it.line_no}行：条码 ${it.bar_code} 重复`);
    seen.add(it.material_extend_id);
  }
  const price = (k: (typeof KEYS)[number]) => items.map((it) => rows[it.line_no - 1].prices![k] ?? null);
  await tx.query(
    `insert into price_adjust_line(tenant_id, item_id, material_extend_id, ${COLS.join(', ')})
     select $1, * from unnest($2::bigint[], $3::bigint[], $4::numeric[], $5::numeric[], $6::numeric[], $7::numeric[])`,
    [session.tenantId, items.map((it) => it.id), items.map((it) => it.material_extend_id), ...KEYS.map(price)],
  );
}

/** The live lines (i) of document $2 joined to their prices (p). */
const OF_DOC = 'i.tenant_id = p.tenant_id and i.id = p.item_id and i.header_id = $2 and not i.delete_flag';
const LINES_OF = `from price_adjust_line p join depot_item i on ${OF_DOC} where p.tenant_id = $1`;

/** Locks the document's barcodes in id order (as every writer of barcode prices should) and checks they still exist. */
async function lockBarcodes(c: RequestCtx, headerId: number) {
  const rows = await c.tx.query<{ id: number; bar_code: string; delete_flag: boolean }>(
    `select e.id, e.bar_code, e.delete_flag from material_extend e
      where e.tenant_id = $1 and e.id in (select p.material_extend_id ${LINES_OF}) order by e.id for update`,
    [c.session.tenantId, headerId],
  );
  const gone = rows.find((r) => r.delete_flag);
  if (gone) throw new BusinessError(`条码 ${gone.bar_code} 已删除，不能调整价格`);
}

/** Audit: keep the barcodes' current prices on the lines, then set the new ones. */
export async function applyPrices(c: RequestCtx, headerId: number) {
  const { tx, session } = c;
  await lockBarcodes(c, headerId);
  await tx.query(
    `update price_adjust_line p set ${COLS.map((k) => `old_${k} = e.${k}`).join(', ')}, applied = true
       from depot_item i, material_extend e
      where p.tenant_id = $1 and ${OF_DOC} and e.tenant_id = p.tenant_id and e.id = p.material_extend_id`,
    [session.tenantId, headerId],
  );
  await tx.query(
    `update material_extend e set ${COLS.map((k) => `${k} = coalesce(p.${k}, e.${k})`).join(', ')}, updater = $3, updated_at = now()
       from price_adjust_line p, depot_item i
      where e.tenant_id = $1 and p.tenant_id = e.tenant_id and p.material_extend_id = e.id and ${OF_DOC}`,
    [session.tenantId, headerId, session.userId],
  );
}

/**
 * Un-audit: put the replaced prices back. Refused when a price was changed since (by hand or by a
 * later adjustment): restoring would silently undo that change.
 */
export async function restorePrices(c: RequestCtx, headerId: number, number: string) {
  const { tx, session } = c;
  await lockBarcodes(c, headerId);
  const changed = await tx.one<{ bar_code: string }>(
    `select e.bar_code from price_adjust_line p, depot_item i, material_extend e
      where p.tenant_id = $1 and ${OF_DOC} and e.tenant_id = p.tenant_id and e.id = p.material_extend_id
        and p.applied and (${COLS.map((k) => `(p.${k} is not null and e.${k} is distinct from p.${k})`).join(' or ')}) limit 1`,
    [session.tenantId, headerId],
  );
  if (changed) throw new BusinessError(`单据 ${number}：条码 ${changed.bar_code} 的价格在审核后已被修改，不能反审核`);
  await tx.query(
    `update material_extend e set ${COLS.map((k) => `${k} = case when p.${k} is null then e.${k} else p.old_${k} end`).join(', ')},
            updater = $3, updated_at = now()
       from price_adjust_line p, depot_item i
      where e.tenant_id = $1 and p.tenant_id = e.tenant_id and p.material_extend_id = e.id and p.applied and ${OF_DOC}`,
    [session.tenantId, headerId, session.userId],
  );
  await tx.query(
    `update price_adjust_line p set applied = false, ${COLS.map((k) => `old_${k} = null`).join(', ')} from depot_item i where p.tenant_id = $1 and ${OF_DOC}`,
    [session.tenantId, headerId],
  );
}

const num = (col: string) => `${col}::text`;

/** The new (and, once audited, the replaced) barcode prices of a price adjustment, by line; purchase prices masked. */
export async function priceAdjustLines(tx: Tx, session: Session, headerId: number) {
  const h = await tx.one<{ doc_key: string }>('select doc_key from depot_head where tenant_id = $1 and id = $2 and not delete_flag', [
    session.tenantId,
    headerId,
  ]);
  if (!h || !DOC_TYPE_BY_KEY[h.doc_key]?.prices) throw notFound('价格调整单不存在或已删除');
  checkAccess(session, { menu: DOC_TYPE_BY_KEY[h.doc_key].menu });
  const rows = await tx.query<Record<string, string | number | boolean | null>>(
    `select i.id as "itemId", i.line_no as "lineNo", p.material_extend_id as "materialExtendId", p.applied,
            ${KEYS.map((k, n) => `${num(`p.${COLS[n]}`)} as "${k}", ${num(`p.old_${COLS[n]}`)} as "old${k[0].toUpperCase()}${k.slice(1)}"`).join(', ')}
       ${LINES_OF} order by i.line_no`,
    [session.tenantId, headerId],
  );
  // price masking hides purchase prices (SPEC §6)
  if (session.priceMasked) for (const r of rows) r.purchaseDecimal = r.oldPurchaseDecimal = null;
  return { rows };
}
