import { describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { login, newTenant, testApp, uniqueName } from '../../../test-support/harness.ts';
import { line, saved, world } from '../../inventory/__tests__/fixtures.ts';
import { defaultCalendar, okData, refusal } from './fixtures.ts';

/**
 * 项目进度 and 设备进度, hand-checked. Calendar Monday–Friday. Project A starts Monday 2026-11-02:
 * 设计 { 调研 3 d: 11-02…11-04 → 方案 2 d: 11-05…11-06 } → 实施 5 d: 11-09…11-13 → 培训 2 d: 11-16…11-17.
 */
describe('项目报表 · 项目进度 and 设备进度', async () => {
  const { app, db } = await testApp();
  const t = await newTenant(app, 'prjprog');
  const api = t.api;
  await db.system((tx) => tx.query('update tenant set user_limit = 50 where id = $1', [t.tenantId]));
  await defaultCalendar(api, []);
  const tag = uniqueName('进度');
  const a = await okData(api.post('/project/add', { name: `${tag}A`, startDate: '2026-11-02' }));
  const task = async (projectId: number, name: string, duration: number, parentId?: number) =>
    (await okData(api.post('/project/task/add', { projectId, name, duration, parentId }))).id as number;
  const design = await task(a.id, '设计', 1);
  const survey = await task(a.id, '调研', 3, design);
  const plan = await task(a.id, '方案', 2, design);
  const build = await task(a.id, '实施', 5);
  const train = await task(a.id, '培训', 2);
  for (const [p, s] of [
    [survey, plan],
    [plan, build],
    [build, train],
  ])
    await okData(api.post('/project/link/add', { predId: p, succId: s, kind: 'FS', lag: 0 }));
  const upd = (id: number, body: object) => api.put('/project/task/update', { id, ...body });
  await okData(upd(survey, { progress: 100, actualStart: '2026-11-02', actualEnd: '2026-11-05' }));
  await okData(upd(plan, { progress: 100, actualStart: '2026-11-05', actualEnd: '2026-11-06' }));
  await okData(upd(build, { progress: 40, actualStart: '2026-11-10' }));
  const b = await okData(api.post('/project/add', { name: `${tag}B`, startDate: '2026-11-02' }));
  const bTask = await task(b.id, '交付', 5);
  await okData(upd(bTask, { progress: 100, actualStart: '2026-11-02', actualEnd: '2026-11-06' }));
  const c = await okData(api.post('/project/add', { name: `${tag}C`, startDate: '2026-11-02' }));
  await okData(api.post('/project/add', { name: `${tag}模板`, startDate: '2026-11-02', isTemplate: true }));
  const progress = async (q: string) => okData(api.get(`/project/report/progress?keyword=${encodeURIComponent(tag)}&${q}`));
  const byName = (rows: any[]) => Object.fromEntries(rows.map((r) => [r.projectName.slice(tag.length), r]));

  it('gives per project the planned and actual dates, the duration-weighted percent and the late flags', async () => {
    const r = await progress('asOf=2026-11-12');
    expect(r.total).toBe(3); // the template is left out
    const rows = byName(r.rows);
    // A: (3×100 + 2×100 + 5×40 + 2×0) / 12 = 58.3; 调研 finished a day late; nothing overdue on 11-12
    expect(rows.A).toMatchObject({
      plannedStart: '2026-11-02',
      plannedEnd: '2026-11-17',
      actualStart: '2026-11-02',
      actualEnd: null,
      percent: '58.3',
      tasks: 4,
      done: 2,
      overdue: 0,
      finishedLate: 1,
      late: false,
    });
    expect(rows.B).toMatchObject({ plannedEnd: '2026-11-06', actualStart: '2026-11-02', actualEnd: '2026-11-06', percent: '100.0', done: 1, late: false });
    expect(rows.C).toMatchObject({ percent: '0.0', tasks: 0, actualStart: null, late: false });
    // on 11-16 实施 (planned to finish 11-13 at 40%) is overdue; on 11-18 培训 too
    expect(byName((await progress('asOf=2026-11-16')).rows).A).toMatchObject({ overdue: 1, late: true });
    expect(byName((await progress('asOf=2026-11-18')).rows).A).toMatchObject({ overdue: 2, late: true });
    const late = await progress('asOf=2026-11-16&lateOnly=true');
    expect([late.total, late.rows.map((x: any) => x.projectId)]).toEqual([1, [a.id]]);
    expect((await progress('asOf=2026-11-16&status=progress')).total).toBe(0);
    const paged = await progress('asOf=2026-11-12&pageSize=2&currentPage=2');
    expect([paged.total, paged.rows.length]).toEqual([3, 1]);
  });

  it('gives one project task by task: summaries rolled up, each state and its delay in days', async () => {
    const r = await okData(api.get(`/project/report/progress/tasks?projectId=${a.id}&asOf=2026-11-16`));
    const rows = Object.fromEntries(r.rows.map((x: any) => [x.name, x]));
    expect(r.rows.map((x: any) => [x.name, x.level, x.summary])).toEqual([
      ['设计', 0, true],
      ['调研', 1, false],
      ['方案', 1, false],
      ['实施', 0, false],
      ['培训', 0, false],
    ]);
    expect(rows['设计']).toMatchObject({
      plannedStart: '2026-11-02',
      plannedEnd: '2026-11-06',
      actualStart: '2026-11-02',
      actualEnd: '2026-11-06',
      progress: 100,
      state: 'done',
      delayDays: 0,
    });
    expect(rows['调研']).toMatchObject({ plannedEnd: '2026-11-04', actualEnd: '2026-11-05', state: 'doneLate', delayDays: 1 });
    expect(rows['方案']).toMatchObject({ plannedStart: '2026-11-05', plannedEnd: '2026-11-06', state: 'done', delayDays: 0 });
    expect(rows['实施']).toMatchObject({
      plannedStart: '2026-11-09',
      plannedEnd: '2026-11-13',
      actualStart: '2026-11-10',
      progress: 40,
      state: 'overdue',
      delayDays: 3,
    });
    expect(rows['培训']).toMatchObject({ plannedStart: '2026-11-16', plannedEnd: '2026-11-17', state: 'notStarted', delayDays: 0 });
    const later = Object.fromEntries(
      (await okData(api.get(`/project/report/progress/tasks?projectId=${a.id}&asOf=2026-11-17`))).rows.map((x: any) => [x.name, x]),
    );
    expect(later['培训']).toMatchObject({ state: 'lateStart', delayDays: 1 });
  });

  it('fills the actual dates from the progress and refuses a finish before 100% or before the start, writing nothing', async () => {
    const today = (await db.system((tx) => tx.one<{ d: string }>(`select to_char(current_date, 'YYYY-MM-DD') as d`)))!.d;
    const x = await task(c.id, '调试', 2);
    const row = async () => (await okData(api.get(`/project/report/progress/tasks?projectId=${c.id}`))).rows.find((r: any) => r.id === x);
    await okData(upd(x, { progress: 30 }));
    expect(await row()).toMatchObject({ actualStart: today, actualEnd: null });
    await okData(upd(x, { progress: 100 }));
    expect(await row()).toMatchObject({ actualStart: today, actualEnd: today });
    await okData(upd(x, { progress: 80 }));
    expect(await row()).toMatchObject({ actualStart: today, actualEnd: null, progress: 80 });
    expect(await refusal(upd(x, { actualEnd: '2026-11-20' }))).toBe('任务进度达到100%才能填写实际完成日期');
    expect(await refusal(upd(x, { progress: 100, actualStart: '2026-11-20', actualEnd: '2026-11-19' }))).toBe('实际完成日期不能早于实际开始日期');
    expect(await refusal(upd(x, { actualStart: '2026-02-30' }))).toContain('日期不存在');
    expect(await row()).toMatchObject({ actualStart: today, actualEnd: null, progress: 80 });
  });

  it('gives device progress per project and device: needed, requested, ordered, received, stage and late', async () => {
    const w = await world(api);
    const code = uniqueName('DEV');
    const robot = await w.material('焊接机器人', `${code}R`);
    const plc = await w.material('PLC 控制柜', `${code}P`);
    const sensor = await w.material('视觉传感器', `${code}S`);
    const need = async (materialId: number, qty: string, needDate: string) =>
      (await okData(api.post('/project/procurementNeeds/add', { projectId: a.id, materialId, qty, needDate }))).id as number;
    const r1 = await need(robot, '2', '2026-11-20');
    const r2 = await need(robot, '1', '2026-12-05');
    const p1 = await need(plc, '4', '2026-11-10');
    await need(sensor, '6', '2026-11-25');
    const req = await okData(api.post('/project/procurementNeeds/toRequest', { projectId: a.id, ids: [r1, r2, p1] }));
    await okData(api.post('/depotHead/batchSetStatus', { status: '1', ids: String(req.id) }));
    const reqRows = (await okData(api.get(`/depotHead/getDetailByNumber?number=${req.number}`))).rows as Array<{
      id: number;
      materialId: number;
      operNumber: number;
    }>;
    const reqLine = (m: number, q: number) => reqRows.find((x) => x.materialId === m && Number(x.operNumber) === q)!.id;
    // an order of both robots and 3 of the 4 PLC cabinets; 2 cabinets arrive
    const order = await saved(
      api,
      '其它',
      '采购订单',
      [
        line(`${code}R`, 2, 90000, w.depotA, { linkId: reqLine(robot, 2) }),
        line(`${code}R`, 1, 90000, w.depotA, { linkId: reqLine(robot, 1) }),
        line(`${code}P`, 3, 5000, w.depotA, { linkId: reqLine(plc, 4) }),
      ],
      { organId: w.supplier, linkNumber: req.number, status: '1' },
    );
    const orderRows = (await okData(api.get(`/depotHead/getDetailByNumber?number=${order.number}`))).rows as Array<{ id: number; materialId: number }>;
    const plcLine = orderRows.find((x) => x.materialId === plc)!.id;
    await saved(api, '入库', '采购', [line(`${code}P`, 2, 5000, w.depotA, { linkId: plcLine })], { organId: w.supplier, linkNumber: order.number });

    const r = await okData(api.get(`/project/report/devices?projectId=${a.id}&asOf=2026-11-22`));
    expect(r.total).toBe(3);
    const rows = Object.fromEntries(r.rows.map((x: any) => [x.materialName, x]));
    // late first: PLC (needed 11-10, 2 of 4 arrived), then the sensor (needed 11-25: not late yet) and the robots (first needed 11-20: late)
    expect(rows['PLC 控制柜']).toMatchObject({
      qty: '4.000000',
      requested: '4.000000',
      ordered: '3.000000',
      received: '2.000000',
      percent: '50.0',
      needDate: '2026-11-10',
      stage: 'partial',
      late: true,
      requests: req.number,
    });
    expect(rows['焊接机器人']).toMatchObject({
      qty: '3.000000',
      requested: '3.000000',
      ordered: '3.000000',
      received: '0.000000',
      percent: '0.0',
      needDate: '2026-11-20',
      stage: 'ordered',
      late: true,
    });
    expect(rows['视觉传感器']).toMatchObject({
      qty: '6.000000',
      requested: '0.000000',
      ordered: '0.000000',
      received: '0.000000',
      stage: 'open',
      late: false,
      requests: null,
    });
    expect(r.rows.map((x: any) => x.materialName)).toEqual(['PLC 控制柜', '焊接机器人', '视觉传感器']);
    const lateOnly = await okData(api.get(`/project/report/devices?projectId=${a.id}&asOf=2026-11-22&lateOnly=true`));
    expect(lateOnly.total).toBe(2);
    expect(
      (await okData(api.get(`/project/report/devices?projectId=${a.id}&keyword=${encodeURIComponent('传感')}`))).rows.map((x: any) => x.materialName),
    ).toEqual(['视觉传感器']);

    // the export carries the same rows, codes as labels
    const res = await app.inject({
      method: 'GET',
      url: `/api/project/report/devices/exportExcel?projectId=${a.id}&asOf=2026-11-22`,
      headers: { 'x-access-token': t.token },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('application/vnd.ms-excel');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = wb.worksheets[0]!;
    expect(sheet.getRow(1).getCell(3).value).toBe('设备');
    expect([sheet.getRow(2).getCell(3).value, sheet.getRow(2).getCell(9).value, sheet.getRow(2).getCell(13).value, sheet.getRow(2).getCell(14).value]).toEqual([
      'PLC 控制柜',
      '2.000000',
      '部分到货',
      '是',
    ]);
    expect(sheet.rowCount).toBe(4);
    const pexp = await app.inject({
      method: 'GET',
      url: `/api/project/report/progress/exportExcel?projectId=${a.id}&asOf=2026-11-16`,
      headers: { 'x-access-token': t.token },
    });
    expect(pexp.statusCode).toBe(200);
    const wb2 = new ExcelJS.Workbook();
    await wb2.xlsx.load(pexp.rawPayload as unknown as ArrayBuffer);
    expect(wb2.worksheets[0]!.getRow(2).getCell(3).value).toBe('新建');
    expect(wb2.worksheets[0]!.getRow(2).getCell(9).value).toBe('58.3');
  });

  it('shows a member only their projects; another company sees nothing of ours', async () => {
    const role = await okData(api.post('/role/add', { name: uniqueName('报表员'), type: '个人数据' }));
    const grants = (await okData(api.get(`/role/getGrants?id=${role.id}`))) as Array<{ url: string; functionId: number }>;
    await okData(
      api.post('/role/setGrants', { roleId: role.id, grants: [{ functionId: grants.find((g) => g.url === '/project/report')!.functionId, btnStr: '' }] }),
    );
    const loginName = uniqueName('u');
    const u = await okData(api.post('/user/addUser', { loginName, username: loginName, roleIds: [role.id], orgIds: [] }));
    const member = await login(app, loginName);
    await okData(api.post('/project/members', { projectId: b.id, members: [{ userId: u.id, role: 'viewer' }] }));
    const mine = await okData(member.api.get(`/project/report/progress?keyword=${encodeURIComponent(tag)}&asOf=2026-11-16`));
    expect(mine.rows.map((x: any) => x.projectId)).toEqual([b.id]);
    expect((await okData(member.api.get(`/project/report/devices?projectId=${a.id}`))).total).toBe(0);
    expect(await refusal(member.api.get(`/project/report/progress/tasks?projectId=${a.id}`))).toContain('不是该项目的成员');
    // without button 3 there is no export
    expect((await member.api.get(`/project/report/progress/exportExcel?projectId=${b.id}`)).body.code).not.toBe(200);
    const other = await newTenant(app, 'prjprog2');
    expect((await okData(other.api.get(`/project/report/progress?projectId=${a.id}`))).total).toBe(0);
    expect((await okData(other.api.get(`/project/report/devices?projectId=${a.id}`))).total).toBe(0);
    expect(await refusal(other.api.get(`/project/report/progress/tasks?projectId=${a.id}`))).toBe('项目不存在');
    expect(await refusal(api.get('/project/report/progress?asOf=2026-13-01'))).toBeTruthy();
    expect(await refusal(api.get('/project/report/devices?lateOnly=maybe'))).toBeTruthy();
  });
});
