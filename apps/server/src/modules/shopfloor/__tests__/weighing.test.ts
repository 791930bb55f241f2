import { afterAll, describe, expect, it } from 'vitest';
import { newTenant, testApp } from '../../../test-support/harness.ts';
import { FakeScale, ptyPair } from '../../../test-support/pty-pair.ts';
import { closeAllReaders } from '../index.ts';
import { twoOperationJob } from './sf-fixtures.ts';

type Reading = { stable: boolean; weight: string | null; stableWeight: string | null; net: string | null; frames: number; garbage: number };

// A real pty pair (socat): a fake scale writes frames to one end, the station's reader (serialport) reads the other.
describe('automatic weighing through a pseudo-terminal pair', async () => {
  // the server's ports a company may open (station-reader.ts): the test's virtual ports and one that does not exist
  process.env.ERP_SERIAL_PORTS = '/tmp/weigh-test-*, /dev/ttyNOSUCH9';
  const { app } = await testApp();
  const t = await newTenant(app, 'weigh');
  const api = t.api;
  const job = await twoOperationJob(api, '10');
  const pair = await ptyPair('weigh-test');
  const scale = new FakeScale(pair.a);
  afterAll(async () => {
    scale.close();
    closeAllReaders();
    await pair.close();
  });
  const station = (
    await api.post('/shopfloor/weighing/station/add', {
      name: '称重站1',
      devicePath: pair.b,
      baud: 9600,
      frameFormat: 'toledo',
      tare: '0.5',
      workCentreId: job.cut,
    })
  ).body.data.id as number;
  const reading = async () => (await api.get(`/shopfloor/weighing/reading?stationId=${station}`)).body.data as Reading;
  const record = (body: object) => api.post('/shopfloor/weighing/record', { workOrderId: job.op1.id, ...body });
  const count = async () => (await api.get('/shopfloor/weighing/list')).body.data.total as number;

  it('ignores unstable and garbage frames: no stable weight, recording refused, nothing written', async () => {
    expect((await reading()).frames).toBe(0);
    scale.show(['US,GS,+  10.100kg', '#$%garbage\u00ff', 'US,GS,+  12.200kg', 'ST,GS,+  12.3.4kg']);
    await expect.poll(async () => (await reading()).garbage, { timeout: 5000 }).toBeGreaterThan(3);
    const r = await reading();
    expect(r.frames).toBeGreaterThan(0);
    expect(r).toMatchObject({ stable: false, stableWeight: null, net: null });
    expect(['10.1', '12.2']).toContain(r.weight);
    const refused = await record({ stationId: station });
    expect(refused.body.data.message).toBe('称重站 称重站1 没有稳定的重量，请等秤稳定后再记录');
    expect(await count()).toBe(0);
  });

  it('reads the stable weight and records net = gross − tare against the work order and its report', async () => {
    scale.show(['ST,GS,+  12.345kg']);
    await expect.poll(async () => (await reading()).stable, { timeout: 5000 }).toBe(true);
    expect(await reading()).toMatchObject({ stableWeight: '12.345', net: '11.845' });
    await api.post('/shopfloor/settings', { overReportPct: '0', backflushDepotId: job.depotId });
    await api.post('/shopfloor/execute', { workOrderId: job.op1.id, action: 'start' });
    const reported = await api.post('/shopfloor/report', { workOrderId: job.op1.id, goodQty: '1' });
    expect(reported.body.code, reported.text).toBe(200);
    const rep = reported.body.data.id as number;
    const r = await record({ stationId: station, reportId: rep });
    expect(r.body.data, r.text).toMatchObject({ gross: '12.345', tare: '0.5', net: '11.845', unit: 'kg', source: 'station' });
    const list = (await api.get(`/shopfloor/weighing/list?workOrderId=${job.op1.id}`)).body.data;
    expect(list.total).toBe(1);
    expect(list.rows[0]).toMatchObject({ stationName: '称重站1', woNo: job.op1.woNo, reportId: rep, gross: '12.345', tare: '0.5', net: '11.845' });
    // the tare may be given for this unit
    expect((await record({ stationId: station, tare: '2.345' })).body.data.net).toBe('10');
  });

  it('turns unstable again when the scale moves; a plain format is stable after N equal readings', async () => {
    scale.show(['US,GS,+  3.000kg']);
    await expect.poll(async () => (await reading()).stable, { timeout: 5000 }).toBe(false);
    const upd = await api.post('/shopfloor/weighing/station/update', {
      id: station,
      name: '称重站1',
      devicePath: pair.b,
      baud: 9600,
      frameFormat: 'plain',
      unit: 'kg',
      stableCount: 3,
      tolerance: '0.001',
      tare: '0',
    });
    expect(upd.body.code, upd.text).toBe(200);
    // within the 0.001 kg tolerance (readings in grams are compared in the station's unit)
    scale.show(['W: 1250.0 g', 'W: 1250.5 g', 'W: 1250.9 g']);
    await expect.poll(async () => (await reading()).stable, { timeout: 5000 }).toBe(true);
    const settled = await reading();
    expect(['1.25', '1.2505', '1.2509']).toContain(settled.stableWeight);
    scale.show(['W: 1.0 kg', 'W: 2.0 kg']);
    await expect.poll(async () => (await reading()).stable, { timeout: 5000 }).toBe(false);
    // plain frames are frames, not garbage (a Toledo frame left in the line from before the change may have been)
    const moving = await reading();
    expect(moving.frames).toBeGreaterThan(settled.frames);
    expect(moving.garbage).toBe(settled.garbage);
  });

  it('takes a stable weight the browser read (Web Serial), with the same checks', async () => {
    const r = await record({ stationId: station, gross: '2500', unit: 'g', tare: '0.25' });
    expect(r.body.data, r.text).toMatchObject({ gross: '2.5', net: '2.25', unit: 'kg', source: 'browser' });
    expect((await record({ gross: '3.1', unit: 'kg' })).body.data).toMatchObject({ net: '3.1', source: 'browser' });
    expect((await record({ gross: '0' })).body.data.message).toBe('重量须大于0（读数 0 kg）');
    expect((await record({ gross: '1', tare: '1.5' })).body.data.message).toBe('净重须大于0：毛重 1 kg，皮重 1.5 kg');
    expect((await record({ gross: '-1' })).body.code).toBe(400);
    expect((await record({ gross: 'abc' })).body.code).toBe(400);
    expect((await record({})).body.data.message).toContain('请选择称重站或读取本机秤的稳定重量');
    expect(await count()).toBe(4);
  });

  it('validates a station; an unopenable port is a clear message; other companies’ ids are refused', async () => {
    const bad = (body: object) => api.post('/shopfloor/weighing/station/add', { name: 'x', devicePath: '/dev/ttyUSB0', baud: 9600, ...body });
    expect((await bad({ devicePath: '/etc/passwd' })).body.data.message).toContain('串口路径格式不正确，例如 /dev/ttyUSB0 或 COM3');
    expect((await bad({ devicePath: '/dev/../etc/passwd' })).body.code).toBe(400);
    expect((await bad({ baud: 1234 })).body.data.message).toContain('波特率须为 1200、2400、4800、9600、19200、38400、57600、115200 之一');
    expect((await bad({ name: '称重站1' })).body.data.message).toBe('称重站 称重站1 已存在');
    const gone = (await bad({ name: '不在的秤', devicePath: '/dev/ttyNOSUCH9' })).body.data.id as number;
    const r = (await api.get(`/shopfloor/weighing/reading?stationId=${gone}`)).body;
    expect(r.code).toBe(500);
    expect(r.data.message).toMatch(/^称重站 不在的秤 无法打开串口 \/dev\/ttyNOSUCH9：/);
    expect((await record({ stationId: gone })).body.data.message).toMatch(/无法打开串口/);
    // a port the server's administrator has not listed is never opened, whichever company asks
    const unlisted = (await bad({ name: '未开放的秤', devicePath: '/dev/ttyUSB7' })).body.data.id as number;
    expect((await api.get(`/shopfloor/weighing/reading?stationId=${unlisted}`)).body.data.message).toBe(
      '称重站 未开放的秤 串口 /dev/ttyUSB7 未开放给本系统使用：请服务器管理员将它加入 ERP_SERIAL_PORTS',
    );
    const off = (await bad({ name: '停用的秤', enabled: false })).body.data.id as number;
    expect((await api.get(`/shopfloor/weighing/reading?stationId=${off}`)).body.data.message).toBe('称重站 停用的秤 已停用');

    const other = await newTenant(app, 'weigh2');
    expect((await other.api.get(`/shopfloor/weighing/reading?stationId=${station}`)).body.data.message).toBe('称重站不存在');
    expect((await other.api.post('/shopfloor/weighing/record', { workOrderId: job.op1.id, gross: '1' })).body.data.message).toBe('工单不存在');
    const theirJob = await twoOperationJob(other.api, '1');
    expect((await api.post('/shopfloor/weighing/record', { workOrderId: theirJob.op1.id, gross: '1' })).body.data.message).toBe('工单不存在');
    expect((await record({ gross: '1', reportId: 999999999 })).body.data.message).toBe(`工单 ${job.op1.woNo} 没有这条报工记录`);
    expect((await other.api.get('/shopfloor/weighing/list')).body.data.total).toBe(0);
    expect(await count()).toBe(4);
  });
});
