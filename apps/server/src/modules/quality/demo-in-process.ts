import type { DemoApi } from '../../platform/demo/demo-api.ts';

/**
 * 演示公司's in-process story (issue 18): a housing pressed on a route step that needs inspection; its first batch
 * fails (a scratched sample) and is scrapped, the second passes, so the press operation shows good, scrap and
 * nothing held, and 制程检验 shows both verdicts. Its own work centre, route and make order: no other area's
 * work orders change.
 */
export async function seedInProcessStory(api: DemoApi, day: string, o: { bearing: number; scratch: number; width: number; look: number }) {
  const centre = (await api.post('/workCentre/add', { name: '压装工位', code: 'QC-PRESS', kind: 'centre', capacity: 1, costPerHour: '45' })).id;
  const press = (await api.post('/process/add', { name: '轴承压装', workCentreId: centre })).id;
  const housing = (await api.post('/material/add', { name: '轴承座组件', unit: '个', barCodes: [{ barCode: 'QC-HSG', commodityUnit: '个' }] })).id;
  const route = (
    await api.post('/route/add', {
      name: '轴承座压装',
      materialId: housing,
      operations: [{ seq: 10, processId: press, workCentreId: centre, setupMinutes: '10', runMinutes: '2', inspect: true }],
    })
  ).id;
  await api.post('/bom/add', {
    materialId: housing,
    version: 'V1',
    qty: '1',
    isDefault: true,
    routeId: route,
    lines: [{ seq: 1, materialId: o.bearing, qty: '1' }],
  });
  await api.post('/detectionTemplate/add', {
    name: '轴承座压装检验',
    stage: 'inProcess',
    materialId: housing,
    sampling: 'fixed',
    sampleValue: 2,
    items: [{ itemId: o.width }, { itemId: o.look }],
  });
  const mo = (await api.post('/makeOrder/add', { orderType: 'stock', orderDate: day, lines: [{ lineType: 'product', materialId: housing, quantity: '20' }] }))
    .id;
  await api.post('/makeOrder/release', { id: mo, from: `${day} 08:00:00` });
  const wo = ((await api.get(`/workOrder/list?search=${encodeURIComponent(JSON.stringify({ makeOrderId: mo }))}`)).rows as Array<{ id: number }>)[0]!.id;
  await api.post('/shopfloor/execute', { workOrderId: wo, action: 'start' });
  for (const [batch, scratched] of [
    ['8', true],
    ['6', false],
  ] as const) {
    const number = (await api.post('/shopfloor/report', { workOrderId: wo, goodQty: batch, person: '赵师傅', hours: '1' })).inspectionNumber as string;
    const id = ((await api.get(`/quality/inspection/list?stage=inProcess&number=${number}&pageSize=1`)).rows as Array<{ id: number }>)[0]!.id;
    const results = [1, 2].flatMap((n) => [
      { sampleNo: n, itemId: o.width, value: '14.0' },
      { sampleNo: n, itemId: o.look, value: scratched && n === 1 ? '划伤' : 'OK', ...(scratched && n === 1 && { defectTypeId: o.scratch }) },
    ]);
    await api.post('/quality/inspection/results', { id, results });
    await api.post(
      '/quality/inspection/verdict',
      scratched ? { id, verdict: 'fail', disposition: 'scrap', defectTypeId: o.scratch, remark: '压装划伤，报废' } : { id, verdict: 'pass' },
    );
  }
}
