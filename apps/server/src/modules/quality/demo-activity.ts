import type { DemoActivity } from '../../platform/demo/demo-api.ts';
import { seedInProcessStory } from './demo-in-process.ts';

const pad = (n: number) => String(n).padStart(2, '0');
const today = () => {
  const d = new Date();
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
};

/**
 * 演示公司's quality story (issue 18): defect types, detection items, a template for a bearing of its own
 * (so no other area's stock goes into quarantine), a quality type and project, and six received lots of
 * the last days from three suppliers, inspected: most pass, one fails and goes back, one waits; and a pressed
 * housing whose in-process inspection fails and is scrapped (demo-in-process.ts).
 */
export const qualityDemoActivity: DemoActivity = async (api, rand) => {
  const scratch = (await api.post('/defectType/add', { name: '划伤', code: 'D01', severity: 'minor' })).id;
  const size = (await api.post('/defectType/add', { name: '尺寸超差', code: 'D02', severity: 'major' })).id;
  await api.post('/defectType/add', { name: '锈蚀', code: 'D03', severity: 'major' });
  const bore = (
    await api.post('/detectionItem/add', { name: '内径', valueKind: 'numeric', unit: 'mm', lowerLimit: 19.99, upperLimit: 20.01, method: '内径千分尺' })
  ).id;
  const width = (
    await api.post('/detectionItem/add', { name: '宽度', valueKind: 'numeric', unit: 'mm', lowerLimit: 13.9, upperLimit: 14.1, method: '游标卡尺' })
  ).id;
  const look = (await api.post('/detectionItem/add', { name: '外观', valueKind: 'choice', choices: 'OK, 划伤, 锈蚀', passChoices: 'OK', method: '目视' })).id;
  const type = (await api.post('/qualityType/add', { name: '来料抽检', code: 'IQC' })).id;
  await api.post('/qualityType/add', { name: '出货验货', code: 'OQC' });
  const material = (await api.post('/material/add', { name: '精密轴承 6204', unit: '个', barCodes: [{ barCode: 'QC6204', commodityUnit: '个' }] })).id;
  await api.post('/detectionTemplate/add', {
    name: '轴承来料检验',
    stage: 'incoming',
    materialId: material,
    qualityTypeId: type,
    sampling: 'fixed',
    sampleValue: 3,
    items: [{ itemId: bore }, { itemId: width }, { itemId: look }],
  });
  await seedInProcessStory(api, today(), { bearing: material, scratch, width, look });
  // up to three suppliers: a company seeded with fewer (the tests' own) deals with those it has
  const suppliers = ((await api.get('/supplier/findBySelect_sup')) as Array<{ id: number }>).slice(0, 3);
  if (!suppliers.length) return;
  const depot = ((await api.get('/depot/list?pageSize=20')).rows as Array<{ id: number }>)[0].id;
  const day = today();
  for (let lot = 0; lot < 6; lot++) {
    await api.post('/depotHead/addDepotHeadAndDetail', {
      info: { type: '入库', subType: '采购', operTime: `${day} 0${lot + 1}:00:00`, organId: suppliers[lot % suppliers.length]!.id, status: '1' },
      rows: [{ barCode: 'QC6204', operNumber: 50 + Math.floor(rand() * 50), unitPrice: 12, depotId: depot }],
    });
    const insp = ((await api.get('/quality/inspection/list?stage=incoming&pageSize=1')).rows as Array<{ id: number }>)[0].id;
    if (lot === 5) break; // the newest lot waits for its inspection
    const bad = lot === 2;
    const results = [1, 2, 3].flatMap((n) => [
      { sampleNo: n, itemId: bore, value: bad && n === 2 ? '20.03' : '20.00', ...(bad && n === 2 && { defectTypeId: size }) },
      { sampleNo: n, itemId: width, value: '14.0' },
      { sampleNo: n, itemId: look, value: lot === 4 && n === 1 ? '划伤' : 'ok', ...(lot === 4 && n === 1 && { defectTypeId: scratch }) },
    ]);
    await api.post('/quality/inspection/results', { id: insp, results });
    if (bad) {
      await api.post('/quality/inspection/verdict', { id: insp, verdict: 'fail', disposition: 'return', defectTypeId: size });
      await api.post('/quality/inspection/returnToSupplier', { id: insp });
    } else await api.post('/quality/inspection/verdict', { id: insp, verdict: lot === 4 ? 'concession' : 'pass' });
  }
  await api.post('/qualityProject/add', {
    projectNumber: 'QP-0001',
    name: '欧洲客户出货验货',
    qualityTypeId: type,
    shippingQty: 1200,
    checkDate: day,
    inspector: 'jsh',
    poNumber: 'PO-88341',
    containerType: '40HQ',
    inspectedQty: 125,
    passQty: 123,
    reworkQty: 2,
    isPass: true,
  });
};
