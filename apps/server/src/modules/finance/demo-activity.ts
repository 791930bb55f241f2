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

export const financeDemoActivity: DemoActivity = async (api, rand) => {
  const accounts = (await api.get('/account/list?currentPage=1&pageSize=50')).rows as Array<{ id: number; name: string }>;
  const bank = accounts.find((a) => a.name === '工商银行')!.id;
  const cash = accounts.find((a) => a.name === '现金')!.id;
  const ids = async (url: string) => ((await api.get(url)) as Array<{ id: number }>).map((r) => r.id);
  await settle(api, rand, '收款', await ids('/supplier/findBySelect_cus'), bank);
  await settle(api, rand, '付款', await ids('/supplier/findBySelect_sup'), bank);
  await api.post('/accountHead/addAccountHeadAndDetail', {
    info: { type: '转账', billTime: after(fmt(new Date()), -3), accountId: cash, remark: '现金存入银行', status: '1' },
    rows: [{ accountId: bank, eachAmount: 2000 }],
  });
};
