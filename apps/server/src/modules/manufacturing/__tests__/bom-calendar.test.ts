import { describe, expect, it } from 'vitest';
import { newTenant, testApp } from '../../../test-support/harness.ts';
import { add, bomOf, material } from './mfg-fixtures.ts';

describe('manufacturing master data: BOMs, routes, calendars', async () => {
  const { app } = await testApp();
  const t = await newTenant(app, 'mfg');
  const api = t.api;
  // A bike: frame ×1 (scrap 10%), wheel ×2; a wheel: rim ×1, spoke ×36 (scrap 5%); a rim: strip 1.5 (scrap 20%)
  const bike = await material(api, '自行车');
  const frame = await material(api, '车架', { price: '100' });
  const wheel = await material(api, '车轮');
  const rim = await material(api, '轮圈');
  const spoke = await material(api, '辐条', { price: '0.5' });
  const strip = await material(api, '铝条', { price: '8' });
  const bikeBom = await add(
    api,
    'bom',
    bomOf(bike, [
      { materialId: frame, qty: '1', scrapRate: 10 },
      { materialId: wheel, qty: '2' },
    ]),
  );
  await add(
    api,
    'bom',
    bomOf(wheel, [
      { materialId: rim, qty: '1' },
      { materialId: spoke, qty: '36', scrapRate: 5 },
    ]),
  );
  await add(api, 'bom', bomOf(rim, [{ materialId: strip, qty: '1.5', scrapRate: 20 }]));

  it('explodes a 3-level BOM with scrap to the hand-computed quantities', async () => {
    const r = await api.get(`/bom/explode?materialId=${bike}&qty=10`);
    expect(r.body.code).toBe(200);
    const byName = Object.fromEntries(r.body.data.map((l: { name: string; qty: string; level: number }) => [l.name, [l.level, l.qty]]));
    // frame 10 × 1 × 1.1 = 11; wheels 20; rims 20; spokes 20 × 36 × 1.05 = 756; strip 20 × 1.5 × 1.2 = 36
    expect(byName).toEqual({ 车架: [1, '11'], 车轮: [1, '20'], 轮圈: [2, '20'], 辐条: [2, '756'], 铝条: [3, '36'] });
  });

  it('refuses a BOM cycle naming it, and writes nothing', async () => {
    const before = (await api.get(`/bom/list?search=${encodeURIComponent(JSON.stringify({ materialId: strip }))}`)).body.data.total;
    const r = await api.post('/bom/add', bomOf(strip, [{ materialId: bike, qty: '1' }]));
    expect(r.body.code).not.toBe(200);
    expect(r.body.data.message).toBe('BOM存在循环引用：铝条 → 自行车 → 车轮 → 轮圈 → 铝条');
    expect((await api.get(`/bom/list?search=${encodeURIComponent(JSON.stringify({ materialId: strip }))}`)).body.data.total).toBe(before);
    const self = await api.post('/bom/add', bomOf(spoke, [{ materialId: spoke, qty: '1' }]));
    expect(self.body.data.message).toBe('BOM存在循环引用：辐条 → 辐条');
  });

  it('refuses zero and negative quantities and a route without operations', async () => {
    expect((await api.post('/bom/add', bomOf(frame, [{ materialId: strip, qty: '0' }]))).body.data.message).toBe('第1行子件用量必须大于0');
    const neg = await api.post('/bom/add', bomOf(frame, [{ materialId: strip, qty: '-1' }]));
    expect(neg.status).toBe(400);
    expect((await api.post('/bom/add', bomOf(frame, [], { qty: '0' }))).body.data.message).toBe('基本数量必须大于0');
    expect((await api.post('/route/add', { name: '空路线', operations: [] })).body.data.message).toBe('工艺路线至少需要一道工序');
    expect((await api.get(`/bom/list?search=${encodeURIComponent(JSON.stringify({ materialId: frame }))}`)).body.data.total).toBe(0);
  });

  it('shows where a material is used, all levels up', async () => {
    const r = await api.get(`/bom/whereUsed?materialId=${strip}`);
    expect(r.body.data.map((u: { level: number; name: string }) => [u.level, u.name])).toEqual([
      [1, '轮圈'],
      [2, '车轮'],
      [3, '自行车'],
    ]);
  });

  it('keeps one default version per product', async () => {
    const v2 = await add(api, 'bom', bomOf(bike, [{ materialId: frame, qty: '1' }], { version: 'V2' }));
    const rows = (await api.get(`/bom/list?search=${encodeURIComponent(JSON.stringify({ materialId: bike }))}`)).body.data.rows;
    expect(rows.filter((b: { isDefault: boolean }) => b.isDefault).map((b: { id: number }) => b.id)).toEqual([v2]);
    await api.put('/bom/update', { id: bikeBom, isDefault: true });
    const again = (await api.get(`/bom/list?search=${encodeURIComponent(JSON.stringify({ materialId: bike }))}`)).body.data.rows;
    expect(again.filter((b: { isDefault: boolean }) => b.isDefault).map((b: { id: number }) => b.id)).toEqual([bikeBom]);
  });

  it('adds working minutes on a work centre calendar, skipping nights, weekends and holidays, and counting overtime', async () => {
    const cal = await add(api, 'workCalendar', {
      name: '两班制',
      workdays: '1,2,3,4,5',
      shift1Start: '08:00',
      shift1End: '12:00',
      shift2Start: '13:00',
      shift2End: '17:00',
      // Wed 2026-12-02 is a holiday; Sat 2026-12-05 is overtime 09:00-11:00
      days: [
        { day: '2026-12-02', kind: 'holiday' },
        { day: '2026-12-05', kind: 'overtime', startTime: '09:00', endTime: '11:00' },
      ],
    });
    const wc = await add(api, 'workCentre', { name: '装配线', kind: 'centre', capacity: 1, calendarId: cal });
    const q = (from: string, minutes: number) =>
      api.get(`/workCalendar/addWorkingMinutes?workCentreId=${wc}&from=${encodeURIComponent(from)}&minutes=${minutes}`);
    // Tue 2026-12-01 16:00 + 120 min: 60 on Tuesday, Wednesday is a holiday, 60 on Thursday from 08:00
    expect((await q('2026-12-01 16:00', 120)).body.data).toEqual({ nextWorkingTime: '2026-12-01 16:00:00', result: '2026-12-03 09:00:00' });
    // Fri 2026-12-04 16:30 + 90: 30 on Friday, 60 on the overtime Saturday from 09:00
    expect((await q('2026-12-04 16:30', 90)).body.data.result).toBe('2026-12-05 10:00:00');
    // lunch break: 11:30 + 60 → 13:30; from 12:10 the next working time is 13:00
    expect((await q('2026-12-03 11:30', 60)).body.data.result).toBe('2026-12-03 13:30:00');
    expect((await q('2026-12-03 12:10', 0)).body.data.nextWorkingTime).toBe('2026-12-03 13:00:00');
    // backwards: Thu 09:00 − 120 → Tue 16:00 (Wednesday skipped)
    expect((await q('2026-12-03 09:00', -120)).body.data.result).toBe('2026-12-01 16:00:00');
    expect((await q('1900-01-01 00:00', 10)).status).toBe(400);
  });
});
