import { expect } from 'vitest';
import type { Client } from '../../../test-support/harness.ts';

export const DAY = '2026-11-21 10:00:00';

/** Saves a finance document ({info, rows}) and returns the reply body. */
export async function finSave(api: Client, type: string, rows: object[], info: object = {}) {
  return (await api.post('/accountHead/addAccountHeadAndDetail', { info: { type, billTime: DAY, ...info }, rows })).body;
}

/** Saves a finance document that must be accepted. */
export async function finSaved(api: Client, type: string, rows: object[], info: object = {}) {
  const body = await finSave(api, type, rows, info);
  expect(body.code, JSON.stringify(body)).toBe(200);
  return body.data as { id: number; number: string };
}

export async function setStatus(api: Client, kind: 'depotHead' | 'accountHead', id: number, status: '0' | '1') {
  return (await api.post(`/${kind}/batchSetStatus`, { status, ids: String(id) })).body;
}
