import { Decimal } from 'decimal.js';
import type { Tx } from '../../../platform/db/database.ts';
import { postMovements } from './stock-ledger.ts';

/**
 * Adds value without quantity to a document's line (its material in its warehouse): a ledger row of
 * the document, so un-auditing or deleting the document reverses it with the rest (shop floor: the
 * outsourcing fee on the goods an outsourcing receipt brings in).
 */
export async function addValueToLine(
  tx: Tx,
  tenantId: number,
  headerId: number,
  line: { itemId: number; materialId: number; depotId: number },
  value: Decimal,
) {
  if (value.isZero()) return;
  await postMovements(tx, tenantId, headerId, [{ ...line, batch: '', qty: new Decimal(0), fixedValue: value, reason: 'value-add' }], { allowNegative: true });
}
