import type { DemoActivity, DemoApi } from '../../platform/demo/demo-api.ts';

/**
 * Four months of trading in 演示公司 (issue 11): purchase orders received in full or in part, sales
 * orders shipped in part, sales on credit and partly paid, retail to members, returns both ways,
 * transfers between the warehouses, a count with a difference, other in/out, and a few documents of
 * the last days left for audit. Every document goes through the API, so numbering, posting, costs and
 * the ledger are the product's own; quantities never exceed the stock the story has bought.
 */
const DAYS = 120;

// name, purchase, retail, sale, lowest price
const MATERIALS: Array<[string, number, number, number, number]> = [
  ['USB-C 数据线 1米', 6.5, 15, 12, 10],
  ['20W 快充充电器', 28, 59, 49, 45],
  ['无线蓝牙耳机', 85, 199, 169, 150],
  ['手机钢化膜', 1.8, 9.9, 6, 5],
  ['硅胶手机壳', 4.5, 19.9, 15, 12],
  ['移动电源 10000mAh', 55, 129, 109, 99],
  ['车载手机支架', 12, 39, 32, 28],
  ['智能手环', 95, 239, 199, 180],
  ['蓝牙音箱', 70, 169, 139, 125],
  ['TF 存储卡 64G', 22, 49, 42, 38],
];
const SUPPLIERS = [
  ['深圳市星河数码有限公司', '周经理', '13600000011'],
  ['广州恒通配件厂', '吴厂长', '13600000012'],
];
const CUSTOMERS = [
  ['杭州云帆科技有限公司', '钱总', '13900000021'],
  ['南京博远贸易有限公司', '孙经理', '13900000022'],
  ['苏州易购电子商行', '郑老板', '13900000023'],
];
const MEMBERS = [
  ['王女士', '13700000031', 'VIP0002'],
  ['陈先生', '13700000032', 'VIP0003'],
];

type Item = { barCode: string; buy: number; retail: number; sale: number };
const pad = (n: number) => String(n).padStart(2, '0');
const at = (daysAgo: number, hour: number) => {
  const d = new Date(Date.now() - daysAgo * 864e5);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(hour)}:${pad((daysAgo * 7) % 60)}:00`;
};
const money = (n: number) => Math.round(n * 100) / 100;

async function ids(api: DemoApi, url: string): Promise<Map<string, number>> {
  const data = await api.get(url);
  const rows = (Array.isArray(data) ? data : data.rows) as Array<{ id: number; name: string }>;
  return new Map(rows.map((r) => [r.name, r.id]));
}

/** The story's master data, lookups, running stock and helpers, shared by the steps below. */
async function setUp(api: DemoApi, rand: () => number) {
  const pick = <T>(xs: T[]) => xs[Math.floor(rand() * xs.length)];
  const between = (lo: number, hi: number) => lo + Math.floor(rand() * (hi - lo + 1));

  for (const [name, contacts, phone] of SUPPLIERS) await api.post('/supplier/add', { name, type: '供应商', contacts, phone });
  for (const [name, contacts, phone] of CUSTOMERS) await api.post('/supplier/add', { name, type: '客户', contacts, phone });
  for (const [name, phone, card] of MEMBERS) await api.post('/supplier/add', { name, type: '会员', phone, membershipCardNumber: card });
  const categories = await ids(api, '/materialCategory/list?currentPage=1&pageSize=50');
  const items: Item[] = [];
  for (const [i, [name, buy, retail, sale, low]] of MATERIALS.entries()) {
    const barCode = `69202611${String(i + 1).padStart(5, '0')}`;
    await api.post('/material/add', {
      name,
      categoryId: categories.get(i < 5 ? '手机配件' : '电子产品'),
      unit: '个',
      barCodes: [{ barCode, commodityUnit: '个', purchaseDecimal: buy, commodityDecimal: retail, wholesaleDecimal: sale, lowDecimal: low }],
    });
    items.push({ barCode, buy, retail, sale });
  }
  const suppliers = [...(await ids(api, '/supplier/findBySelect_sup')).values()];
  const customers = [...(await ids(api, '/supplier/findBySelect_cus')).values()];
  const depots = await ids(api, '/depot/list?currentPage=1&pageSize=50');
  const accounts = await ids(api, '/account/list?currentPage=1&pageSize=50');
  const main = depots.get('总仓')!;
  const branch = depots.get('杭州分仓')!;
  const cash = accounts.get('现金')!;
  const bank = accounts.get('工商银行')!;
  const memberList = (await api.get(`/supplier/list?currentPage=1&pageSize=50&search=${encodeURIComponent(JSON.stringify({ type: '会员' }))}`)).rows as Array<{
    id: number;
  }>;
  const members = memberList.map((m) => m.id);

  // what the story has in stock, per warehouse and barcode
  const stock = new Map<string, number>();
  const key = (depot: number, code: string) => `${depot}:${code}`;
  const have = (depot: number, code: string) => stock.get(key(depot, code)) ?? 0;
  const move = (depot: number, code: string, n: number) => stock.set(key(depot, code), have(depot, code) + n);

  const save = async (daysAgo: number, info: Record<string, unknown>, rows: Array<Record<string, unknown>>) => {
    // the last three days keep some documents waiting for audit (待审核)
    const status = daysAgo <= 3 && rand() < 0.4 ? '0' : '1';
    return (await api.post('/depotHead/addDepotHeadAndDetail', { info: { status, operTime: at(daysAgo, between(9, 17)), ...info }, rows })) as {
      number: string;
    };
  };
  const total = (rows: Array<{ operNumber: number; unitPrice: number }>) => money(rows.reduce((s, r) => s + r.operNumber * r.unitPrice, 0));
  /** How much is paid now: all, nothing (on credit) or a part. */
  const paid = (sum: number) => {
    const r = rand();
    return r < 0.6 ? sum : r < 0.8 ? 0 : money(sum * 0.5);
  };
  const detailRows = async (number: string) => (await api.get(`/depotHead/getDetailByNumber?number=${number}`)).rows as Array<{ id: number }>;

  const pendingIn: Array<{ due: number; number: string; rows: Row[]; supplier: number; partial: boolean }> = [];
  const pendingOut: Array<{ due: number; number: string; rows: Row[]; customer: number }> = [];
  return {
    api,
    rand,
    pick,
    between,
    items,
    suppliers,
    customers,
    members,
    main,
    branch,
    cash,
    bank,
    stock,
    key,
    have,
    move,
    save,
    total,
    paid,
    detailRows,
    pendingIn,
    pendingOut,
  };
}
type Row = { barCode: string; operNumber: number; unitPrice: number; depotId: number };
type Story = Awaited<ReturnType<typeof setUp>>;

/** Purchase orders every 6 days, received 2–4 days later (the newest in part). */
async function purchasing(s: Story, ago: number, day: number) {
  const { pick, between, items, suppliers, main, bank, move, save, total, paid, detailRows, pendingIn } = s;
  // purchase orders every 6 days, received 2–4 days later (the newest in part)
  if (day % 6 === 0) {
    const rows = [...new Set([pick(items), pick(items), pick(items)])].map((it) => ({
      barCode: it.barCode,
      operNumber: between(20, 60),
      unitPrice: it.buy,
      depotId: main,
    }));
    const supplier = pick(suppliers);
    // due three days out: receipts come 2–4 days later, so about a third are late (供应商绩效 shows on-time rates)
    const order = await save(ago, { type: '其它', subType: '采购订单', organId: supplier, deliveryDate: at(ago - 3, 12).slice(0, 10) }, rows);
    pendingIn.push({ due: ago - between(2, 4), number: order.number, rows, supplier, partial: ago < 20 });
  }
  for (const p of pendingIn.filter((x) => x.due === ago)) {
    const lines = await detailRows(p.number);
    const rows = p.rows.map((r, i) => ({ ...r, operNumber: p.partial ? Math.ceil(r.operNumber / 2) : r.operNumber, linkId: lines[i].id }));
    await save(ago, { type: '入库', subType: '采购', organId: p.supplier, linkNumber: p.number, changeAmount: paid(total(rows)), accountId: bank }, rows);
    for (const r of rows) move(main, r.barCode, r.operNumber);
  }
}

/** Sales orders every 8 days shipped in part 2 days later, and direct sales most days. */
async function selling(s: Story, ago: number, day: number) {
  const { rand, pick, between, items, customers, main, bank, have, move, save, total, paid, detailRows, pendingOut } = s;
  // sales orders every 8 days, shipped 2 days later in part
  if (day % 8 === 3) {
    const rows = [...new Set([pick(items), pick(items)])].map((it) => ({ barCode: it.barCode, operNumber: between(5, 20), unitPrice: it.sale, depotId: main }));
    const customer = pick(customers);
    const order = await save(ago, { type: '其它', subType: '销售订单', organId: customer }, rows);
    pendingOut.push({ due: ago - 2, number: order.number, rows, customer });
  }
  for (const p of pendingOut.filter((x) => x.due === ago)) {
    const lines = await detailRows(p.number);
    const rows = p.rows
      .map((r, i) => ({ ...r, operNumber: Math.min(have(main, r.barCode), Math.ceil(r.operNumber * 0.7)), linkId: lines[i].id }))
      .filter((r) => r.operNumber > 0);
    if (!rows.length) continue;
    await save(ago, { type: '出库', subType: '销售', organId: p.customer, linkNumber: p.number, changeAmount: paid(total(rows)), accountId: bank }, rows);
    for (const r of rows) move(main, r.barCode, -r.operNumber);
  }
  // direct sales most days (always yesterday and today, so those figures show), some on credit
  if (rand() < 0.65 || ago <= 1) {
    const rows = [...new Set([pick(items), pick(items)])]
      .map((it) => ({ barCode: it.barCode, operNumber: Math.min(have(main, it.barCode), between(2, 12)), unitPrice: it.sale, depotId: main }))
      .filter((r) => r.operNumber > 0);
    if (rows.length) {
      await save(ago, { type: '出库', subType: '销售', organId: pick(customers), changeAmount: paid(total(rows)), accountId: bank }, rows);
      for (const r of rows) move(main, r.barCode, -r.operNumber);
    }
  }
}

/** Retail at the branch counter and the two transfers that stock it. */
async function counter(s: Story, ago: number, day: number) {
  const { pick, between, items, members, main, branch, cash, have, move, save, total } = s;
  // retail at the branch counter every other day, cash
  if ((day % 2 === 0 && day > 45) || ago <= 1) {
    const it = pick(items);
    const n = Math.min(have(branch, it.barCode), between(1, 3));
    if (n > 0) {
      const rows = [{ barCode: it.barCode, operNumber: n, unitPrice: it.retail, depotId: branch }];
      await save(ago, { type: '出库', subType: '零售', organId: pick(members), changeAmount: total(rows), accountId: cash }, rows);
      move(branch, it.barCode, -n);
    }
  }
  // stock to the branch: day 40 and day 90
  if (day === 40 || day === 90) {
    const rows = items
      .filter((it) => have(main, it.barCode) > 40)
      .map((it) => ({ barCode: it.barCode, operNumber: 20, unitPrice: it.buy, depotId: main, anotherDepotId: branch }));
    await save(ago, { type: '出库', subType: '调拨' }, rows);
    for (const r of rows) {
      move(main, r.barCode, -20);
      move(branch, r.barCode, 20);
    }
  }
}

/** Monthly returns, samples and breakage, today's open documents, a count. */
async function occasional(s: Story, ago: number, day: number) {
  const { api, pick, items, suppliers, customers, main, bank, stock, key, have, move, save, total } = s;
  // returns once a month, both ways
  if (day % 30 === 15) {
    const back = items.find((it) => have(main, it.barCode) > 5)!;
    const rows = [{ barCode: back.barCode, operNumber: 2, unitPrice: back.buy, depotId: main }];
    await save(ago, { type: '出库', subType: '采购退货', organId: pick(suppliers), changeAmount: total(rows), accountId: bank }, rows);
    move(main, back.barCode, -2);
    const ret = pick(items);
    const rows2 = [{ barCode: ret.barCode, operNumber: 1, unitPrice: ret.sale, depotId: main }];
    await save(ago, { type: '入库', subType: '销售退货', organId: pick(customers), changeAmount: total(rows2), accountId: bank }, rows2);
    move(main, ret.barCode, 1);
  }
  // samples in, a damaged piece out
  if (day === 70) {
    const rows = [{ barCode: items[2].barCode, operNumber: 3, unitPrice: 0, depotId: main }];
    await save(ago, { type: '入库', subType: '其它', organId: suppliers[0], remark: '供应商赠送样品' }, rows);
    move(main, items[2].barCode, 3);
    const out = [{ barCode: items[3].barCode, operNumber: Math.min(1, have(main, items[3].barCode)), unitPrice: 0, depotId: main }];
    if (out[0].operNumber) {
      await save(ago, { type: '出库', subType: '其它', organId: customers[0], remark: '运输破损报废' }, out);
      move(main, items[3].barCode, -1);
    }
  }
  // today: a sales order waiting for audit and a purchase received yesterday
  if (ago === 0) {
    const rows = [{ barCode: items[5].barCode, operNumber: 6, unitPrice: items[5].sale, depotId: main }];
    await api.post('/depotHead/addDepotHeadAndDetail', {
      info: { type: '其它', subType: '销售订单', status: '0', organId: customers[1], operTime: at(0, 10) },
      rows,
    });
  }
  if (ago === 1) {
    const rows = [{ barCode: items[1].barCode, operNumber: 30, unitPrice: items[1].buy, depotId: main }];
    await save(ago, { type: '入库', subType: '采购', organId: suppliers[1], changeAmount: 0, accountId: bank }, rows);
    move(main, items[1].barCode, 30);
  }
  // a count in the main warehouse with one piece missing
  if (day === 100) {
    const counted = items.slice(0, 2).map((it) => ({ barCode: it.barCode, operNumber: Math.max(0, have(main, it.barCode) - 1), unitPrice: 0, depotId: main }));
    const check = (await api.post('/depotHead/addDepotHeadAndDetail', {
      info: { type: '其它', subType: '盘点录入', status: '1', operTime: at(ago, 10) },
      rows: counted,
    })) as { number: string };
    await api.post('/depotHead/addDepotHeadAndDetail', {
      info: { type: '其它', subType: '盘点复盘', status: '1', operTime: at(ago, 16), linkNumber: check.number },
      rows: counted,
    });
    for (const r of counted) stock.set(key(main, r.barCode), r.operNumber);
  }
}

export const inventoryDemoActivity: DemoActivity = async (api, rand) => {
  const s = await setUp(api, rand);
  const { items, between, main, suppliers, bank, total, save, move } = s;
  // opening purchase: every item into the main warehouse, paid by bank
  const opening = items.map((it) => ({ barCode: it.barCode, operNumber: between(120, 300), unitPrice: it.buy, depotId: main }));
  await save(DAYS, { type: '入库', subType: '采购', organId: suppliers[0], changeAmount: total(opening), accountId: bank }, opening);
  for (const r of opening) move(main, r.barCode, r.operNumber);

  for (let ago = DAYS - 1; ago >= 0; ago--) {
    const day = DAYS - ago;
    await purchasing(s, ago, day);
    await selling(s, ago, day);
    await counter(s, ago, day);
    await occasional(s, ago, day);
  }
};
