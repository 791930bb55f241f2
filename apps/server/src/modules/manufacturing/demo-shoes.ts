import type { DemoApi } from '../../platform/demo/demo-api.ts';

/**
 * 尺码横排 in 演示公司 (issue 16): a running shoe in three colours and five sizes (materials of one name and model, colour in
 * 颜色, size in 规格), each with its BOM on a one-operation route; a make order typed by colour × size three weeks ago,
 * released two weeks ago and now late; one released for the coming days; a draft one typed today; production tasks over the last and next weeks; safety
 * stocks so MRP plans two sizes. Dates follow today.
 */
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
function weekday(offset: number): string {
  let d = new Date(Date.now() + offset * 86_400_000);
  while ([0, 6].includes(d.getUTCDay())) d = new Date(d.getTime() + 86_400_000);
  return d.toISOString().slice(0, 10);
}

const COLOURS: Array<[string, string[]]> = [
  ['白色', ['38', '39', '40', '41', '42']],
  ['黑色', ['38', '39', '40', '41', '42']],
  ['红色', ['38', '39', '40']],
];

/** Pairs per colour and size of the two orders (a size run heavier in the middle). */
const RUN: Record<string, number> = { '38': 12, '39': 20, '40': 24, '41': 16, '42': 8 };

export async function shoeStory(api: DemoApi, shop: number) {
  const stamp = Date.now().toString().slice(-6);
  const sole = (
    await api.post('/material/add', {
      name: '橡胶鞋底',
      unit: '双',
      barCodes: [{ barCode: `SOLE${stamp}`, commodityUnit: '双', purchaseDecimal: 9, wholesaleDecimal: 18 }],
    })
  ).id as number;
  const upper = (
    await api.post('/material/add', { name: '网面鞋面', unit: '双', barCodes: [{ barCode: `UPPR${stamp}`, commodityUnit: '双', purchaseDecimal: 15 }] })
  ).id as number;
  const centre = (await api.post('/workCentre/add', { name: '成型线', code: 'WC11', kind: 'centre', parentId: shop, capacity: 2, costPerHour: 50 })).id;
  await api.post('/team/add', { name: '成型一组', workCentreId: centre, leader: '周班长', members: 8 });
  const proc = (await api.post('/process/add', { name: '成型', workCentreId: centre })).id;
  const route = (
    await api.post('/route/add', { name: '运动鞋工艺', operations: [{ seq: 10, processId: proc, workCentreId: centre, setupMinutes: 20, runMinutes: 6 }] })
  ).id;
  const variants: Record<string, number> = {};
  let n = 0;
  for (const [color, sizes] of COLOURS)
    for (const standard of sizes) {
      const id = (
        await api.post('/material/add', {
          name: '运动鞋',
          model: 'RS-01',
          color,
          standard,
          unit: '双',
          barCodes: [{ barCode: `RS01${stamp}${String(++n).padStart(2, '0')}`, commodityUnit: '双', wholesaleDecimal: 199 }],
        })
      ).id as number;
      variants[`${color}${standard}`] = id;
      await api.post('/bom/add', {
        materialId: id,
        version: 'V1',
        qty: 1,
        isDefault: true,
        routeId: route,
        lines: [
          { seq: 1, materialId: sole, qty: 1 },
          { seq: 2, materialId: upper, qty: 1, scrapRate: 2 },
        ],
      });
    }
  const first = variants['白色40']!;
  const typed = async (orderDate: string, promisedDate: string, share: number) => {
    const mo = await api.post('/makeOrder/add', {
      orderType: 'stock',
      orderDate,
      promisedDate,
      planner: '计划部',
      lines: [{ lineType: 'product', materialId: first, quantity: 1 }],
    });
    const cells = COLOURS.flatMap(([colour, sizes]) => sizes.map((size) => ({ colour, size, quantity: String(Math.round(RUN[size]! * share)) })));
    await api.post('/makeOrder/saveSizes', { id: mo.id, materialId: first, cells });
    return mo.id as number;
  };
  const late = await typed(day(-21), weekday(-3), 1);
  await api.post('/makeOrder/release', { id: late, from: `${weekday(-14)} 08:00:00` });
  const current = await typed(day(-2), weekday(12), 2);
  await api.post('/makeOrder/release', { id: current, from: `${weekday(1)} 08:00:00` });
  await typed(day(0), weekday(15), 1.5);
  await api.post('/productionTask/generate', { from: weekday(-14), to: weekday(10) });
  for (const key of ['黑色39', '白色41'])
    await api.post('/itemPlan/add', { materialId: variants[key], source: 'make', leadDays: 2, safetyStock: key === '黑色39' ? 150 : 120 });
}
