import type { DemoActivity, DemoApi } from '../../platform/demo/demo-api.ts';

/**
 * 演示公司's money (issue 14): after the trading story, receipts and payments settle part of the sales
 * and purchases left on credit — some in full, some in part, a few days after each document — and a
 * transfer moves cash to the bank. Through the API, so the journal and the arrears are the product's own.
 */
const pad = (n: number) => String(n).padStart(2, '0');
const fmt = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}:00`;
/** a few days after the document, but never in the future */
const after = (operTime: string, days: number) => fmt(new Date(Math.min(new Date(operTime.replace(' ', 'T')).getTime() + days * 864e5, Date.now() - 6e4)));

interface Bill {
  billId: number;
  operTime: string;
  billDebt: number;
}

async function settle(api: DemoApi, rand: () => number, type: '收款' | '付款', partners: number[], bank: number) {
  for (const organId of partners) {
    const bills = (await api.get(`/accountHead/getDebtBills?organId=${organId}&type=${type}`)) as Bill[];
    // the older two thirds get settled; the newest stay open for the reconciliation and ageing screens
    for (const b of bills.slice(0, Math.floor((bills.length * 2) / 3))) {
      const part = rand() < 0.3;
      const amount = part ? Math.round(b.billDebt * 50) / 100 : b.billDebt;
      if (amount <= 0) continue;
      await api.post('/accountHead/addAccountHeadAndDetail', {
        info: { type, billTime: after(b.operTime, 2 + Math.floor(rand() * 10)), organId, accountId: bank, status: '1' },
        rows: [{ billId: b.billId, eachAmount: amount }],
      });
    }
  }
}

interface OpenLine {
  depotItemId: number;
  operTime: string;
  remaining: string;
}

/** Invoices for the older deliveries of a few partners: the oldest lines in full, the next one in part. */
async function invoice(api: DemoApi, type: '应收' | '应付', partners: number[]) {
  for (const organId of partners.slice(0, 4)) {
    const lines = ((await api.get(`/finInvoice/invoicable?type=${type}&organId=${organId}`)) as { rows: OpenLine[] }).rows.slice(0, 4);
    if (!lines.length) continue;
    const rows = lines.map((l, i) => ({
      depotItemId: l.depotItemId,
      quantity: i === lines.length - 1 && Number(l.remaining) > 1 ? Math.floor(Number(l.remaining) / 2) : l.remaining,
    }));
    await api.post('/finInvoice/add', { type, organId, invoiceDate: after(lines[lines.length - 1].operTime, 5).slice(0, 10), rows });
  }
}

export const financeDemoActivity: DemoActivity = async (api, rand) => {
  const accounts = (await api.get('/account/list?currentPage=1&pageSize=50')).rows as Array<{ id: number; name: string }>;
  const bank = accounts.find((a) => a.name === '工商银行')!.id;
  const cash = accounts.find((a) => a.name === '现金')!.id;
  const ids = async (url: string) => ((await api.get(url)) as Array<{ id: number }>).map((r) => r.id);
  const customers = await ids('/supplier/findBySelect_cus');
  const suppliers = await ids('/supplier/findBySelect_sup');
  await settle(api, rand, '收款', customers, bank);
  await settle(api, rand, '付款', suppliers, bank);
  await invoice(api, '应收', customers);
  await invoice(api, '应付', suppliers);
  await api.post('/accountHead/addAccountHeadAndDetail', {
    info: { type: '转账', billTime: after(fmt(new Date()), -3), accountId: cash, remark: '现金存入银行', status: '1' },
    rows: [{ accountId: bank, eachAmount: 2000 }],
  });
};
