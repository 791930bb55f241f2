import { describe, expect, it } from 'vitest';
import { newTenant, testApp } from '../../../test-support/harness.ts';
import { line, save, saved, world } from '../../inventory/__tests__/fixtures.ts';
import { SAMPLE, uploadFile } from '../../../test-support/upload.ts';
import { inspectionsOf, ok } from './fixtures.ts';

describe('quality definitions, outgoing inspection and bad input', async () => {
  const { app, db } = await testApp();
  const t = await newTenant(app, 'qd');
  const other = await newTenant(app, 'qx');
  const w = await world(t.api);
  const cup = await w.material('瓷杯', 'CUPQ1');
  const count = async (table: string) =>
    (await db.system((tx) => tx.one<{ n: number }>(`select count(*)::int as n from ${table} where tenant_id = $1`, [t.tenantId])))!.n;

  it('refuses inverted limits, incomplete rules and choices outside the list, writing nothing', async () => {
    const bad = await t.api.post('/detectionItem/add', { name: '直径', valueKind: 'numeric', lowerLimit: 10, upperLimit: 5 });
    expect(bad.body.data.message).toBe('下限 10 不能大于上限 5');
    expect((await t.api.post('/detectionItem/add', { name: '直径', valueKind: 'numeric' })).body.data.message).toBe('数值检测项目至少需要上限或下限');
    const stray = await t.api.post('/detectionItem/add', { name: '釉面', valueKind: 'choice', choices: 'Yes,No', passChoices: 'Maybe' });
    expect(stray.body.data.message).toBe('合格值“Maybe”不在可选值中');
    expect(await count('quality_detection_item')).toBe(0);

    const dia = (await ok(t.api.post('/detectionItem/add', { name: '直径', valueKind: 'numeric', lowerLimit: 79.5, upperLimit: 80.5 }))).id;
    const glaze = (await ok(t.api.post('/detectionItem/add', { name: '釉面', valueKind: 'choice', choices: 'Yes, No', passChoices: 'Yes' }))).id;
    const noTarget = await t.api.post('/detectionTemplate/add', {
      name: '出货',
      stage: 'outgoing',
      sampling: 'fixed',
      sampleValue: 2,
      items: [{ itemId: dia }],
    });
    expect(noTarget.body.data.message).toBe('检测模板须指定商品或商品类别');
    const inverted = await t.api.post('/detectionTemplate/add', {
      name: '出货',
      stage: 'outgoing',
      materialId: cup,
      sampling: 'fixed',
      sampleValue: 2,
      items: [{ itemId: dia, lowerLimit: 81 }],
    });
    expect(inverted.body.data.message).toBe('第1行「直径」：下限 81 不能大于上限 80.5');
    const noAql = await t.api.post('/detectionTemplate/add', { name: '出货', stage: 'outgoing', materialId: cup, sampling: 'aql', items: [{ itemId: dia }] });
    expect(noAql.body.data.message).toBe('AQL 抽样须选择检验水平和 AQL 值');
    expect(await count('quality_detection_template')).toBe(0);
    await ok(
      t.api.post('/detectionTemplate/add', {
        name: '出货',
        stage: 'outgoing',
        materialId: cup,
        sampling: 'aql',
        aqlLevel: 'S-1',
        aql: '6.5',
        items: [{ itemId: dia }, { itemId: glaze }],
      }),
    );
  });

  it('holds a sale outbound until its outgoing inspection passed; choices ignore case and spaces', async () => {
    await saved(t.api, '入库', '其它', [line('CUPQ1', 30, 4, w.depotA)], { organId: w.supplier });
    const direct = await save(t.api, '出库', '销售', [line('CUPQ1', 20, 9, w.depotA)], { organId: w.customer, status: '1' });
    expect(direct.body.data.message).toContain('须先通过出货检验');
    const sale = await saved(t.api, '出库', '销售', [line('CUPQ1', 20, 9, w.depotA)], { organId: w.customer });
    const audit = () => t.api.post('/depotHead/batchSetStatus', { status: '1', ids: String(sale.id) });
    expect((await audit()).body.data.message).toContain('须先通过出货检验');

    await ok(t.api.post('/quality/inspection/forSaleOut', { number: sale.number }));
    const [insp] = await inspectionsOf(t.api, sale.number, 'outgoing');
    // lot 20 at S-1 is code letter A; at AQL 6.5 its plan is 2 samples, Ac 0
    expect(insp).toMatchObject({ status: 'pending', sampleSize: 2, heldQty: 0 });
    const d = await ok<{ items: Array<{ itemId: number; name: string }> }>(t.api.get(`/quality/inspection/detail?id=${insp.id}`));
    const [dia, glaze] = d.items.map((i) => i.itemId);
    const entered = await ok<{ results: Array<{ ok: boolean }>; suggested: string }>(
      t.api.post('/quality/inspection/results', {
        id: insp.id,
        results: [
          { sampleNo: 1, itemId: dia, value: '80.1' },
          { sampleNo: 1, itemId: glaze, value: ' yes ' },
          { sampleNo: 2, itemId: dia, value: '79.9' },
          { sampleNo: 2, itemId: glaze, value: 'YES' },
        ],
      }),
    );
    expect(entered.results.every((r) => r.ok)).toBe(true);
    expect(entered.suggested).toBe('pass');
    const notInList = await t.api.post('/quality/inspection/results', { id: insp.id, results: [{ sampleNo: 1, itemId: glaze, value: 'maybe' }] });
    expect(notInList.body.data.message).toContain('不在可选值中');

    // pictures over the limit are refused before anything is written
    const six = Array.from({ length: 6 }, (_, i) => `upload/p${i}.png`).join(',');
    const many = await t.api.post('/quality/inspection/verdict', { id: insp.id, verdict: 'pass', pictures: six });
    expect(many.body.code).toBe(400);
    expect(many.body.data.message).toContain('不能超过 5 个');
    // another company cannot touch the inspection
    const foreign = await other.api.post('/quality/inspection/verdict', { id: insp.id, verdict: 'pass' });
    expect(foreign.body.code).toBe(404);
    // pictures are the company's uploads, images within the upload route's limits
    const photo = await uploadFile(app, t.token, '釉面缺陷.png', SAMPLE.png());
    const report = await uploadFile(app, t.token, '检验报告.pdf', SAMPLE.pdf());
    const theirs = await uploadFile(app, other.token, '他人.png', SAMPLE.png());
    const refused = async (pictures: string) => (await t.api.post('/quality/inspection/verdict', { id: insp.id, verdict: 'pass', pictures })).body.data.message;
    expect(await refused(report)).toBe('图片格式不正确, 请上传png,jpg,jpeg格式图片!');
    expect(await refused(theirs)).toBe(`文件不存在：${theirs}`);
    expect(await refused(`${photo},upload/a.png`)).toBe('文件不存在：upload/a.png');
    expect(await refused('../1/upload/x.png')).toContain('图片包含非法的文件路径');
    expect((await ok<{ status: string }>(t.api.get(`/quality/inspection/detail?id=${insp.id}`))).status).toBe('pending');
    await ok(t.api.post('/quality/inspection/verdict', { id: insp.id, verdict: 'pass', pictures: photo }));
    expect((await ok<{ pictures: string }>(t.api.get(`/quality/inspection/detail?id=${insp.id}`))).pictures).toBe(photo);
    expect((await audit()).body.code).toBe(200);
  });
});
