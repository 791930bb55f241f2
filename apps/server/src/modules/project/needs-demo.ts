import type { DemoActivity, DemoApi } from '../../platform/demo/demo-api.ts';

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

/**
 * 演示公司's procurement needs (issue 19 item 3): the started project needs four materials; the two needed first
 * went into a purchase request (audited, so the procurement board shows it awaiting an order); the third went
 * into a second request, ordered in full and half received (设备进度 shows each stage); the fourth is still open.
 * Skipped when the company has no materials with a barcode.
 */
export const projectNeedsDemoActivity: DemoActivity = async (api) => {
  const projects = (await api.get('/project/list?template=0&currentPage=1&pageSize=50')) as { rows: Array<{ id: number; name: string; status: string }> };
  // the started project (in progress, or live after its first phase and still buying for the next)
  const project = projects.rows.find((p) => p.status === 'progress' || p.status === 'online');
  const found = (await api.get('/material/findBySelect?pageSize=50')) as { rows: Array<{ id: number; barCode?: string }> };
  const materials = [...new Set(found.rows.filter((m) => m.barCode).map((m) => m.id))].slice(0, 4);
  if (!project || materials.length < 2) return;
  const ids: number[] = [];
  for (const [i, materialId] of materials.entries())
    ids.push((await api.post('/project/procurementNeeds/add', { projectId: project.id, materialId, qty: String(10 * (i + 1)), needDate: day(7 + i * 7) })).id);
  const request = await api.post('/project/procurementNeeds/toRequest', { projectId: project.id, ids: ids.slice(0, 2) });
  await api.post('/depotHead/batchSetStatus', { status: '1', ids: String(request.id) });
  if (ids[2] != null) await orderedAndHalfReceived(api, project.id, ids[2]);
};

type Line = { id: number; barCode: string; operNumber: number | string };

/** One need through its own request, a purchase order of all of it, and an inbound of half. */
async function orderedAndHalfReceived(api: DemoApi, projectId: number, needId: number) {
  const suppliers = (await api.get('/supplier/findBySelect_sup')) as Array<{ id: number }>;
  const depots = (await api.get('/depot/list?currentPage=1&pageSize=50')).rows as Array<{ id: number }>;
  if (!suppliers.length || !depots.length) return;
  const [supplier, depotId] = [suppliers[0]!.id, depots[0]!.id];
  const request = await api.post('/project/procurementNeeds/toRequest', { projectId, ids: [needId] });
  await api.post('/depotHead/batchSetStatus', { status: '1', ids: String(request.id) });
  const lines = async (number: string) => (await api.get(`/depotHead/getDetailByNumber?number=${number}`)).rows as Line[];
  const at = (offset: number) => `${day(offset)} 10:00:00`;
  const doc = (info: object, rows: Line[], qty: (n: number) => number) =>
    api.post('/depotHead/addDepotHeadAndDetail', {
      info: { organId: supplier, ...info },
      rows: rows.map((l) => ({ barCode: l.barCode, operNumber: qty(Number(l.operNumber)), unitPrice: 120, depotId, linkId: l.id })),
    });
  const order = await doc(
    { type: '其它', subType: '采购订单', operTime: at(0), status: '1', linkNumber: request.number },
    await lines(request.number),
    (n) => n,
  );
  await doc({ type: '入库', subType: '采购', operTime: at(0), linkNumber: order.number }, await lines(order.number), (n) => Math.ceil(n / 2));
}
