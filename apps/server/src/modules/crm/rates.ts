import Decimal from 'decimal.js';
import type { Tx } from '../../platform/db/database.ts';
import { BusinessError } from '../../platform/errors.ts';
import { crmSetting } from './setting.service.ts';

/** The rate of `currency` on `day`: the latest exchange-rate row on or before it; 1 for the company currency. */
export async function rateOn(tx: Tx, tenantId: number, currency: string, day: string): Promise<string> {
  const { baseCurrency } = await crmSetting(tx, tenantId);
  if (currency === baseCurrency) return '1';
  const row = await tx.one<{ rate: string }>(
    `select rate::text as rate from crm_exchange_rate
      where tenant_id = $1 and currency = $2 and rate_date <= $3::date and not delete_flag order by rate_date desc limit 1`,
    [tenantId, currency, day],
  );
  if (!row) throw new BusinessError(`缺少 ${currency} 在 ${day} 或之前的汇率，请先在汇率中录入`);
  return row.rate;
}

/** amount × rate in the company currency, to the cent (half up). */
export const toBase = (amount: string, rate: string): string => new Decimal(amount).times(rate).toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toFixed(2);

/** Products on an opportunity: qty × price per line, the sum its amount. */
export function lineAmounts(lines: Array<{ qty: string; price: string }>): { amounts: string[]; total: string } {
  const amounts = lines.map((l) => new Decimal(l.qty).times(l.price).toDecimalPlaces(6).toFixed());
  return { amounts, total: amounts.reduce((a, x) => a.plus(x), new Decimal(0)).toFixed() };
}
