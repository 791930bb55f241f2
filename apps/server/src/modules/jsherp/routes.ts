import { z } from 'zod';
import { defineRoute } from '../../platform/http/route.ts';
import { financeDocsOfBill } from './queries.ts';

/**
 * Routes of ours that exist for what jshERP's client asks and no screen of ours needs yet (issue 23; both dialects,
 * like /material/getMaterialDepotStock). docs/api.md "jshERP's dialect" describes them.
 */
const id = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);

export const jsherpRoutes = [
  defineRoute({
    method: 'GET',
    url: '/accountHead/getFinancialBillNoByBillId',
    summary:
      "The receipts and payments settling one inventory document (jshERP's BillDetail.vue 收款单号/付款单号): [{id, billNo, type, billTime, status}], oldest first; [] for a document that is not the company's",
    tags: ['accountHead'],
    access: 'user',
    query: z.strictObject({ billId: id }),
    handler: ({ tx, session, query }) => financeDocsOfBill(tx, session.tenantId, query.billId),
  }),
];
