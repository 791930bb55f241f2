import { describe, expect, it } from 'vitest';
import { login, newTenant, testApp, uniqueName } from '../../../test-support/harness.ts';
import { world } from '../../inventory/__tests__/fixtures.ts';
import { okData, refusal } from './fixtures.ts';
import { demoApi, seededRandom } from '../../../platform/demo/demo-api.ts';
import { projectDemoActivity, projectNeedsDemoActivity } from '../index.ts';

const MENU = '/bill/procurement_needs';

/** 采购需求: a project's needs become one draft purchase request (请购单) through the document service. */
describe('project procurement needs', async () => {
  const { app, db } = await testApp();
  const t = await newTenant(app, 'pneed');
  const api = t.api;
  await db.system((tx) => tx.query('update tenant set user_limit = 50 where id = $1', [t.tenantId]));
  const w = await world(api);
  const steel = await w.material('钢板', uniqueName('PN'));
  const bolt = await w.material('螺栓', uniqueName('PN'));
  const projectName = uniqueName('厂房');
  const project = await okData(api.post('/project/add', { name: projectName, startDate: '2026-11-02' }));
  const other = await okData(api.post('/project/add', { name: uniqueName('仓库'), startDate: '2026-11-02' }));
  const need = (projectId: number, materialId: number, qty: string, needDate = '2026-12-10') =>
    okData(api.post('/project/procurementNeeds/add', { projectId, materialId, qty, needDate })).then((d) => d.id as number);
  const needRows = async (projectId: number) => (await okData(api.get(`/project/procurementNeeds/list?projectId=${projectId}`))).rows as any[];
  const requests = async () =>
    db.system((tx) => tx.one<{ n: number }>(`select count(*)::int as n from depot_head where tenant_id = $1 and doc_key = 'purchaseApply'`, [t.tenantId]));

  it('turns the chosen open needs of one project into one draft purchase request and marks them requested', async () => {
    const a = await need(project.id, steel, '12.5');
    const b = await need(project.id, bolt, '200', '2026-12-01');
    const c = await need(project.id, bolt, '3');
    const listed = await needRows(project.id);
    expect(listed.map((r) => r.id)).toEqual([c, b, a]);
    expect(listed[2]).toMatchObject({ materialName: '钢板', qty: '12.500000', needDate: '2026-12-10', status: 'open', projectId: project.id });

    const made = await okData(api.post('/project/procurementNeeds/toRequest', { projectId: project.id, ids: [a, b] }));
    expect(made.count).toBe(2);
    const doc = await okData(api.get(`/depotHead/getDetailByNumber?number=${made.number}`));
    expect(doc.info ?? doc).toMatchObject({ subType: '请购单', status: '0' });
    expect(JSON.stringify(doc)).toContain(`项目 ${projectName}`);
    const items = (doc.rows ?? doc.items) as Array<{ operNumber: string | number }>;
    expect(items.map((i) => Number(i.operNumber)).sort((x, y) => x - y)).toEqual([12.5, 200]);

    const after = new Map((await needRows(project.id)).map((r) => [r.id, r]));
    expect(after.get(a)).toMatchObject({ status: 'requested', requestNumber: made.number });
    expect(after.get(b)!.status).toBe('requested');
    expect(after.get(c)!.status).toBe('open');
    const open = await okData(api.get(`/project/procurementNeeds/list?projectId=${project.id}&status=open`));
    expect(open.rows.map((r: any) => r.id)).toEqual([c]);
  });

  it('refuses needs already requested or of another project, and bad input, writing nothing', async () => {
    const x = await need(project.id, steel, '1');
    const y = await need(other.id, steel, '1');
    const n = (await requests())!.n;
    const [done] = (await needRows(project.id)).filter((r) => r.status === 'requested');
    expect(await refusal(api.post('/project/procurementNeeds/toRequest', { projectId: project.id, ids: [x, done.id] }))).toContain('已生成请购单');
    expect(await refusal(api.post('/project/procurementNeeds/toRequest', { projectId: project.id, ids: [x, y] }))).toContain('不属于该项目');
    expect(await refusal(api.post('/project/procurementNeeds/toRequest', { projectId: project.id, ids: [] }))).toContain('请选择采购需求');
    expect(await refusal(api.post('/project/procurementNeeds/add', { projectId: project.id, materialId: steel, qty: '-1', needDate: '2026-12-01' }))).toContain(
      '数量',
    );
    expect(await refusal(api.post('/project/procurementNeeds/add', { projectId: project.id, materialId: steel, qty: '1', needDate: '2026-02-30' }))).toContain(
      '日期不存在',
    );
    expect(await refusal(api.post('/project/procurementNeeds/add', { projectId: project.id, materialId: 99999999, qty: '1', needDate: '2026-12-01' }))).toBe(
      '商品不存在',
    );
    expect((await requests())!.n).toBe(n);
    expect((await needRows(project.id)).find((r) => r.id === x)!.status).toBe('open');
  });

  it('keeps another company and a non-member out', async () => {
    const x = await need(project.id, steel, '2');
    const stranger = await newTenant(app, 'pneed');
    expect((await okData(stranger.api.get('/project/procurementNeeds/list'))).rows).toEqual([]);
    expect(await refusal(stranger.api.post('/project/procurementNeeds/toRequest', { projectId: project.id, ids: [x] }))).toBe('项目不存在');
    const sm = await world(stranger.api);
    const theirs = await sm.material('外料', uniqueName('PN'));
    expect(await refusal(api.post('/project/procurementNeeds/add', { projectId: project.id, materialId: theirs, qty: '1', needDate: '2026-12-01' }))).toBe(
      '商品不存在',
    );

    const role = await okData(api.post('/role/add', { name: uniqueName('采购员'), type: '个人数据' }));
    const grants = (await okData(api.get(`/role/getGrants?id=${role.id}`))) as Array<{ url: string; functionId: number }>;
    await okData(api.post('/role/setGrants', { roleId: role.id, grants: [{ functionId: grants.find((g) => g.url === MENU)!.functionId, btnStr: '1' }] }));
    const loginName = uniqueName('u');
    await okData(api.post('/user/addUser', { loginName, username: loginName, roleIds: [role.id], orgIds: [] }));
    const outsider = await login(app, loginName);
    expect((await okData(outsider.api.get('/project/procurementNeeds/list'))).rows).toEqual([]);
    expect(await refusal(outsider.api.post('/project/procurementNeeds/toRequest', { projectId: project.id, ids: [x] }))).toContain('不是该项目的成员');
    expect(
      await refusal(outsider.api.post('/project/procurementNeeds/add', { projectId: project.id, materialId: steel, qty: '1', needDate: '2026-12-01' })),
    ).toContain('不是该项目的成员');
  });

  it('tells the demo story: needs of the started project, two in an audited request the procurement board counts, one ordered and half received', async () => {
    const d = await newTenant(app, 'pneed');
    const dw = await world(d.api);
    for (const n of ['伺服电机', '控制柜', '线缆']) await dw.material(n, uniqueName('PD'));
    const demo = await demoApi(app, '/api', d.loginName, d.password);
    await projectDemoActivity(demo, seededRandom(1));
    await projectNeedsDemoActivity(demo, seededRandom(1));
    const rows = (await okData(d.api.get('/project/procurementNeeds/list'))).rows as any[];
    expect(rows).toHaveLength(3);
    expect(rows.filter((r) => r.status === 'requested')).toHaveLength(3);
    expect((await okData(d.api.get('/board/procurementData'))).requestsAwaiting).toBe(1);
    // 设备进度: two devices requested and awaiting an order, the third ordered (30) and half received (15)
    const devices = (await okData(d.api.get('/project/report/devices'))).rows as any[];
    expect(devices.map((r) => [r.stage, r.qty, r.ordered, r.received]).sort()).toEqual(
      [
        ['partial', '30.000000', '30.000000', '15.000000'],
        ['requested', '10.000000', '0.000000', '0.000000'],
        ['requested', '20.000000', '0.000000', '0.000000'],
      ].sort(),
    );
  });
});
