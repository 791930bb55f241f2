import type { DemoActivity } from '../../platform/demo/demo-api.ts';

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

/**
 * 演示公司's procurement needs (issue 19 item 3): the started project needs four materials; the two needed first
 * went into a purchase request three weeks ago (audited, so the procurement board shows it awaiting an order),
 * the other two are still open. Skipped when the company has no materials with a barcode.
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
};
