import type { DemoActivity, DemoApi } from '../../platform/demo/demo-api.ts';
import { shoeStory } from './demo-shoes.ts';

/**
 * Manufacturing in 演示公司 (issue 16): office chairs made from a seat assembly, a back, a base and
 * castors; a company calendar with holidays and an overtime Saturday, three work centres, a route, a
 * 3-level BOM, planning parameters; two sales orders (one from a quotation), a make order from one
 * of them released and scheduled, and an MRP run with some proposals confirmed. Dates follow today.
 */
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const seq = (() => {
  let n = 0;
  return () => `MF${Date.now().toString().slice(-6)}${String(++n).padStart(2, '0')}`;
})();

async function material(api: DemoApi, name: string, price: number, standard?: string) {
  const r = await api.post('/material/add', {
    name,
    standard,
    unit: '个',
    barCodes: [{ barCode: seq(), commodityUnit: '个', purchaseDecimal: price, wholesaleDecimal: price * 2 }],
  });
  return r.id as number;
}

/** The next weekday at or after `offset` days from today (Saturday → Monday). */
function weekday(offset: number): string {
  let d = new Date(Date.now() + offset * 86_400_000);
  while ([0, 6].includes(d.getUTCDay())) d = new Date(d.getTime() + 86_400_000);
  return d.toISOString().slice(0, 10);
}
function saturday(afterDays: number): string {
  let d = new Date(Date.now() + afterDays * 86_400_000);
  while (d.getUTCDay() !== 6) d = new Date(d.getTime() + 86_400_000);
  return d.toISOString().slice(0, 10);
}

async function masterData(api: DemoApi) {
  await api.post('/workCalendar/add', {
    name: '公司日历',
    isDefault: true,
    workdays: '1,2,3,4,5',
    shift1Start: '08:00',
    shift1End: '12:00',
    shift2Start: '13:00',
    shift2End: '17:00',
    days: [
      { day: weekday(9), kind: 'holiday', remark: '公司假日' },
      { day: weekday(20), kind: 'holiday', remark: '公司假日' },
      { day: saturday(5), kind: 'overtime', startTime: '08:00', endTime: '12:00', remark: '赶工' },
    ],
  });
  const shop = (await api.post('/workCentre/add', { name: '椅业车间', code: 'WS01', kind: 'workshop', capacity: 1 })).id;
  const centre = async (name: string, code: string, capacity: number, cost: number) =>
    (await api.post('/workCentre/add', { name, code, kind: 'centre', parentId: shop, capacity, costPerHour: cost })).id as number;
  const cut = await centre('下料中心', 'WC01', 1, 80);
  const asm = await centre('装配线', 'WC02', 2, 60);
  const pack = await centre('包装工位', 'WC03', 1, 40);
  await api.post('/team/add', { name: '装配一组', workCentreId: asm, leader: '刘班长', members: 6 });
  const proc = async (name: string, workCentreId: number) => (await api.post('/process/add', { name, workCentreId })).id as number;
  const [pCut, pAsm, pPack] = [await proc('开料', cut), await proc('组装', asm), await proc('包装', pack)];
  return { shop, cut, asm, pack, pCut, pAsm, pPack };
}

export const manufacturingDemoActivity: DemoActivity = async (api) => {
  const wc = await masterData(api);
  const chair = await material(api, '人体工学办公椅', 0, 'OC-100');
  const seatAsm = await material(api, '椅座总成', 0);
  const [sponge, board, back, base, castor] = [
    await material(api, '高密度海绵', 18),
    await material(api, '座板', 25),
    await material(api, '网布椅背', 45),
    await material(api, '铝合金五星脚', 60),
    await material(api, '静音脚轮', 4),
  ];
  const route = (
    await api.post('/route/add', {
      name: '办公椅工艺',
      materialId: chair,
      operations: [
        { seq: 10, processId: wc.pCut, workCentreId: wc.cut, setupMinutes: 30, runMinutes: 4, transferBatch: 10 },
        { seq: 20, processId: wc.pAsm, workCentreId: wc.asm, setupMinutes: 15, runMinutes: 12 },
        { seq: 30, processId: wc.pPack, workCentreId: wc.pack, setupMinutes: 0, runMinutes: 3 },
      ],
    })
  ).id;
  await api.post('/bom/add', {
    materialId: chair,
    version: 'V1',
    qty: 1,
    isDefault: true,
    routeId: route,
    lines: [
      { seq: 1, materialId: seatAsm, qty: 1 },
      { seq: 2, materialId: back, qty: 1, scrapRate: 2 },
      { seq: 3, materialId: base, qty: 1 },
      { seq: 4, materialId: castor, qty: 5, scrapRate: 1 },
    ],
  });
  await api.post('/bom/add', {
    materialId: seatAsm,
    version: 'V1',
    qty: 1,
    isDefault: true,
    lines: [
      { seq: 1, materialId: sponge, qty: 1.2, scrapRate: 5 },
      { seq: 2, materialId: board, qty: 1 },
    ],
  });
  for (const [materialId, source, leadDays, safetyStock, minLot] of [
    [chair, 'make', 3, 0, 0],
    [seatAsm, 'make', 1, 0, 0],
    [sponge, 'buy', 5, 20, 50],
    [board, 'buy', 4, 0, 0],
    [back, 'buy', 7, 10, 0],
    [base, 'buy', 10, 0, 20],
    [castor, 'buy', 3, 100, 500],
  ] as const)
    await api.post('/itemPlan/add', { materialId, source, leadDays, safetyStock, minLot });
  // shoes by colour × size (尺码横排), before the MRP run so it plans them too
  await shoeStory(api, wc.shop);
  await orders(api, chair);
};

async function orders(api: DemoApi, chair: number) {
  const customer = (await api.post('/supplier/add', { name: '上海智办家具有限公司', type: '客户', contacts: '林经理', telephone: '13900000041' })).id;
  const depot = ((await api.get('/depot/list?currentPage=1&pageSize=1')).rows as Array<{ id: number }>)[0].id;
  const code = ((await api.get(`/material/info?id=${chair}`)).barCodes as Array<{ barCode: string }>)[0].barCode;
  const so = await api.post('/depotHead/addDepotHeadAndDetail', {
    info: { type: '其它', subType: '销售订单', operTime: `${day(-3)} 10:00:00`, organId: customer, deliveryDate: weekday(14), status: '1' },
    rows: [{ barCode: code, operNumber: 60, unitPrice: 680, depotId: depot }],
  });
  const q = await api.post('/quotation/add', {
    name: '智办家具年度报价',
    clientId: customer,
    currency: 'CNY',
    validFrom: day(-10),
    validTo: day(50),
    paymentTerm: '月结30天',
    priceTerm: '含税到厂',
    salePerson: '销售部',
    deliveryDate: weekday(25),
    lines: [{ materialId: chair, quantity: 40, moq: 20, unitPrice: 660 }],
  });
  const so2 = await api.post('/quotation/toSaleOrder', { id: q.id });
  await api.post('/depotHead/batchSetStatus', { status: '1', ids: String(so2.id) });
  const mo = await api.post('/makeOrder/fromSaleOrder', { number: so.number });
  await api.post('/makeOrder/release', { id: mo.id });
  const run = await api.post('/mrp/run', { wait: true });
  const list = (await api.get('/mrp/proposals?pageSize=100')).rows as Array<{ id: number; kind: string; llc: number }>;
  const pick = list.filter((p) => p.kind === 'buy' && p.llc >= 2).map((p) => p.id);
  if (run.proposals && pick.length) await api.post('/mrp/confirm', { ids: pick });
}
