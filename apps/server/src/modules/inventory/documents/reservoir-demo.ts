import type { DemoActivity } from '../../../platform/demo/demo-api.ts';

/**
 * 演示公司's stock by reservoir area (issue 24): the switch 启用库区 on (the story's documents name no area, so they
 * stay valid: an outbound naming none takes from the areas first, which hold nothing of theirs), then shelving parts
 * received into the first warehouse's areas over six weeks and sold from them — some lines naming the area, some
 * not (taken oldest receipt first) — and one 移库 from the bin back to the area, so 库区库存 and the pick list open with rows.
 */
export const reservoirDemoActivity: DemoActivity = async (api) => {
  await api.put('/systemConfig/update', { reservoirAreaFlag: true });
  const depots = (await api.get('/depot/list?currentPage=1&pageSize=50')).rows as Array<{ id: number }>;
  const depot = depots[0].id;
  const areas = ((await api.get(`/reservoirArea/list?currentPage=1&pageSize=50`)).rows as Array<{ id: number; depotId: number; type: string }>).filter(
    (a) => a.depotId === depot,
  );
  const area = areas.find((a) => a.type === 'area')?.id;
  const bin = areas.find((a) => a.type === 'bin')?.id;
  if (!area || !bin) return;
  const supplier = ((await api.get('/supplier/findBySelect_sup')) as Array<{ id: number }>)[0].id;
  const customer = ((await api.get('/supplier/findBySelect_cus')) as Array<{ id: number }>)[0].id;
  for (const [name, barCode] of [
    ['货架螺栓 M8', 'KQ-M8'],
    ['货架横梁 1.2米', 'KQ-BEAM'],
  ])
    await api.post('/material/add', { name, unit: '个', barCodes: [{ barCode, commodityUnit: '个', purchaseDecimal: '0.6', wholesaleDecimal: '1.2' }] });
  const day = (ago: number) => {
    const d = new Date(Date.now() - ago * 864e5);
    return `${d.toISOString().slice(0, 10)} 10:00:00`;
  };
  const line = (barCode: string, n: number, price: number, areaId?: number) => ({
    barCode,
    operNumber: n,
    unitPrice: price,
    depotId: depot,
    reservoirAreaId: areaId,
  });
  const doc = (type: string, subType: string, ago: number, organId: number, rows: object[]) =>
    api.post('/depotHead/addDepotHeadAndDetail', { info: { type, subType, operTime: day(ago), organId }, rows });
  await doc('入库', '采购', 42, supplier, [line('KQ-M8', 200, 0.6, area)]);
  await doc('入库', '采购', 21, supplier, [line('KQ-M8', 150, 0.62, bin), line('KQ-BEAM', 30, 18, area)]);
  await doc('出库', '销售', 15, customer, [line('KQ-M8', 60, 1.2, area)]);
  await doc('入库', '采购', 10, supplier, [line('KQ-BEAM', 20, 18)]);
  await doc('出库', '销售', 5, customer, [line('KQ-M8', 180, 1.2), line('KQ-BEAM', 10, 35, area)]);
  // 移库 today: the bin's bolts left by the last sale go back to the area they are picked from
  const inBin = (await api.get(`/report/reservoirAreaStock?currentPage=1&pageSize=50&areaId=${bin}&materialParam=KQ-M8`)).rows as Array<{
    materialId: number;
    qty: number;
  }>;
  if (inBin[0]?.qty > 0)
    await api.post('/reservoirArea/move', {
      depotId: depot,
      remark: '散件归位',
      rows: [{ materialId: inBin[0].materialId, fromAreaId: bin, toAreaId: area, qty: Math.min(40, inBin[0].qty) }],
    });
};
