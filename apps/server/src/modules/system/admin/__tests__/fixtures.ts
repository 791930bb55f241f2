import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { login, uniqueName, type Client } from '../../../../test-support/harness.ts';

export type Grant = { functionId: number; number: string; parentNumber: string; url: string; text: string; pushBtn: string; btnStr: string | null };

/** The role's grant rows, from the API. */
export async function grantsOf(api: Client, roleId: number): Promise<Grant[]> {
  const r = await api.get(`/role/getGrants?id=${roleId}`);
  expect(r.body.code, r.text).toBe(200);
  return r.body.data;
}

export const granted = (rows: Grant[]) => Object.fromEntries(rows.filter((g) => g.btnStr !== null).map((g) => [g.url, g.btnStr]));

/** A role of the admin's company with exactly these grants (url → buttons). */
export async function roleWith(api: Client, grants: Record<string, string>, name = uniqueName('角色')): Promise<number> {
  const add = await api.post('/role/add', { name, type: '全部数据' });
  expect(add.body.code, add.text).toBe(200);
  const id = add.body.data.id as number;
  const rows = await grantsOf(api, id);
  const list = Object.entries(grants).map(([url, btnStr]) => ({ functionId: rows.find((g) => g.url === url)!.functionId, btnStr }));
  const set = await api.post('/role/setGrants', { roleId: id, grants: list });
  expect(set.body.code, set.text).toBe(200);
  return id;
}

/** A new user of the admin's company holding these roles, signed in with the default password. */
export async function userWith(app: FastifyInstance, api: Client, roleIds: number[], orgIds: number[] = []) {
  const loginName = uniqueName('u');
  const add = await api.post('/user/addUser', { loginName, username: loginName, roleIds, orgIds });
  expect(add.body.code, add.text).toBe(200);
  return { id: add.body.data.id as number, loginName, ...(await login(app, loginName)) };
}
