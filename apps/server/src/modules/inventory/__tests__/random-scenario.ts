import { expect } from 'vitest';
import type { Client } from '../../../test-support/harness.ts';
import { line, save, world } from './fixtures.ts';

const pad = (n: number) => String(n).padStart(2, '0');
/** n days before today at the given hour, as the API writes dates. */
function at(n: number, hour: number): string {
  const d = new Date(Date.now() - n * 86400000);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(hour)}:00:00`;
}

/** A small deterministic generator (mulberry32), so a failing run can be repeated. */
export function random(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return { next, int: (n: number) => Math.floor(next() * n), pick: <T>(xs: T[]): T => xs[Math.floor(next() * xs.length)] };
}

type Doc = { id: number; type: string; subType: string; audited: boolean };

/**
 * A long random history of one company through the API: purchases, sales, both kinds of returns,
 * other in/out, transfers, sales orders, opening stock changes, edits that move a document to
 * another day, deletes, and (after the stock-audit switch goes on) audits and un-audits, with
 * negative stock allowed so every step is accepted. Dates spread over the last `days` days (70).
 */
export async function randomHistory(api: Client, seed: number, steps: number, days = 70) {
  const w = await world(api);
  const r = random(seed);
  const codes = ['R1', 'R2', 'R3', 'R4'];
  const materials = [];
  for (const c of codes) materials.push(await w.material(`随机${c}`, c));
  const ok = (res: { body: { code: number } }) => expect(res.body.code, JSON.stringify(res.body)).toBe(200);
  ok(await api.put('/systemConfig/update', { minusStockFlag: true }));
  const docs: Doc[] = [];
  const depots = [w.depotA, w.depotB];
  const kinds: Array<[string, string, number | null]> = [
    ['入库', '采购', w.supplier],
    ['出库', '销售', w.customer],
    ['入库', '销售退货', w.customer],
    ['出库', '采购退货', w.supplier],
    ['入库', '其它', w.supplier],
    ['出库', '其它', w.customer],
    ['出库', '调拨', null],
    ['其它', '销售订单', w.customer],
  ];
  const rows = () =>
    Array.from({ length: 1 + r.int(3) }, () => {
      const depot = r.pick(depots);
      return line(r.pick(codes), 1 + r.int(9), r.int(4) ? 1 + r.int(20) : 0, depot, { anotherDepotId: depot === w.depotA ? w.depotB : w.depotA });
    });
  const info = (organId: number | null) => ({ ...(organId ? { organId } : {}), operTime: at(r.int(days), 8 + r.int(10)) });
  for (let i = 0; i < steps; i++) {
    if (i === Math.floor(steps / 2)) ok(await api.put('/systemConfig/update', { stockApprovalFlag: true }));
    const live = docs.filter((d) => !d.audited);
    const roll = r.int(20);
    if (roll < 11 || !docs.length) {
      const [type, subType, organId] = r.pick(kinds);
      const res = await save(api, type, subType, rows(), info(organId));
      ok(res);
      docs.push({ id: res.body.data.id, type, subType, audited: false });
    } else if (roll < 13 && live.length) {
      const d = r.pick(live);
      const organId = kinds.find((k) => k[0] === d.type && k[1] === d.subType)![2];
      ok(await api.put('/depotHead/updateDepotHeadAndDetail', { info: { id: d.id, type: d.type, subType: d.subType, ...info(organId) }, rows: rows() }));
    } else if (roll < 15 && live.length) {
      const d = r.pick(live);
      ok(await api.delete(`/depotHead/delete?id=${d.id}`));
      docs.splice(docs.indexOf(d), 1);
    } else if (roll < 18) {
      const d = r.pick(docs);
      ok(await api.post('/depotHead/batchSetStatus', { status: d.audited ? '0' : '1', ids: String(d.id) }));
      d.audited = !d.audited;
    } else {
      const m = r.pick(materials);
      const limits = r.int(2) ? { lowSafeStock: r.int(10), highSafeStock: 20 + r.int(30) } : {};
      ok(await api.put('/material/update', { id: m, stocks: [{ depotId: r.pick(depots), initNumber: r.int(30), ...limits }] }));
    }
  }
  return { ...w, materials, docs };
}
