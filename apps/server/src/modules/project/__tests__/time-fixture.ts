import { login, newTenant, testApp, uniqueName, type Client } from '../../../test-support/harness.ts';
import { okData } from './fixtures.ts';

/** The menus a project worker's role opens (button 1 on each). */
const MENUS = ['/project/list', '/project/task'];

export interface PriceInput {
  resourceType: 'role' | 'person' | 'device';
  name: string;
  unit: 'hour' | 'day';
  rate: string;
}

/**
 * The time tests' company: a project starting 2026-11-02 with the given tasks (name, duration), the given resource
 * prices, a role 项目员 (个人数据, the project and task menus) and `people` users of that role, each signed in; the
 * users become the project's members. Returns the administrator's client and everything made, in the given order.
 */
export async function timeCompany(prefix: string, opts: { tasks: Array<[string, number]>; prices: PriceInput[]; people: number; members: number }) {
  const { app, db } = await testApp();
  const t = await newTenant(app, prefix);
  const api = t.api;
  await db.system((tx) => tx.query('update tenant set user_limit = 50 where id = $1', [t.tenantId]));
  const project = await okData(api.post('/project/add', { name: uniqueName('实施项目'), startDate: '2026-11-02' }));
  const tasks: Array<{ id: number }> = [];
  for (const [name, duration] of opts.tasks) tasks.push(await okData(api.post('/project/task/add', { projectId: project.id, name, duration })));
  const prices: Array<{ id: number }> = [];
  for (const p of opts.prices) prices.push(await okData(api.post('/resourcePrice/add', p)));
  const role = await okData(api.post('/role/add', { name: uniqueName('项目员'), type: '个人数据' }));
  const grants = (await okData(api.get(`/role/getGrants?id=${role.id}`))) as Array<{ url: string; functionId: number }>;
  await okData(
    api.post('/role/setGrants', { roleId: role.id, grants: MENUS.map((url) => ({ functionId: grants.find((g) => g.url === url)!.functionId, btnStr: '1' })) }),
  );
  const people: Array<{ id: number; api: Client }> = [];
  for (let i = 0; i < opts.people; i++) {
    const loginName = uniqueName('u');
    const u = await okData(api.post('/user/addUser', { loginName, username: loginName, roleIds: [role.id], orgIds: [] }));
    people.push({ id: u.id as number, ...(await login(app, loginName)) });
  }
  const members = people.slice(0, opts.members).map((p) => ({ userId: p.id, role: 'member' }));
  await okData(api.post('/project/members', { projectId: project.id, members }));
  return { app, db, t, api, project, tasks, prices, people };
}
