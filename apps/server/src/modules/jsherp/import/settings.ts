import type { ImportCtx } from './context.ts';
import { imported, skipped } from './report.ts';
import { flag, isDeleted, text } from './source.ts';

/**
 * The company's details and the switches that change how documents save (jsh_system_config), set before the
 * documents are replayed: negative stock, over-linking an order, purchase by sale. The data-scope switches
 * (depot_flag, customer_flag) are not: the grants they rely on (UserDepot, UserCustomer) are not imported.
 */
export async function importSettings(c: ImportCtx) {
  const row = c.src.jsh_system_config.find((r) => !isDeleted(r));
  if (!row) return;
  const switches = await c.api.post('/systemConfig/add', {
    minusStockFlag: flag(row.minus_stock_flag),
    overLinkFlag: flag(row.over_link_bill_flag),
    purchaseBySaleFlag: flag(row.purchase_by_sale_flag),
  });
  if (switches.ok) imported(c.report, 'settings');
  else skipped(c.report, 'settings', `${String(row.id)} switches`, switches.message);
  const details = Object.fromEntries(
    Object.entries({
      companyContacts: text(row.company_contacts),
      companyAddress: text(row.company_address),
      companyTel: text(row.company_tel),
      companyFax: text(row.company_fax),
      companyPostCode: text(row.company_post_code),
      saleAgreement: text(row.sale_agreement),
    }).filter(([, v]) => v !== undefined),
  );
  if (!Object.keys(details).length) return;
  const r = await c.api.post('/systemConfig/add', details);
  if (r.ok) imported(c.report, 'settings');
  else skipped(c.report, 'settings', `${String(row.id)} company`, r.message);
}
