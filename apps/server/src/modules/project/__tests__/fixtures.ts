import { expect } from 'vitest';
import type { Client } from '../../../test-support/harness.ts';

export const okData = async (p: Promise<{ body: { code: number; data: any }; text?: string }>) => {
  const r = await p;
  expect(r.body.code, JSON.stringify(r.body)).toBe(200);
  return r.body.data;
};

export const refusal = async (p: Promise<{ body: { code: number; data: any } }>) => {
  const r = await p;
  expect(r.body.code, JSON.stringify(r.body)).not.toBe(200);
  return r.body.data?.message as string;
};

/** The company's default calendar: Monday to Friday, 08–12 and 13–17, with these holidays. */
export async function defaultCalendar(api: Client, holidays: string[]) {
  return okData(
    api.post('/workCalendar/add', {
      name: '标准日历',
      isDefault: true,
      workdays: '1,2,3,4,5',
      shift1Start: '08:00',
      shift1End: '12:00',
      shift2Start: '13:00',
      shift2End: '17:00',
      days: holidays.map((day) => ({ day, kind: 'holiday' })),
    }),
  );
}

export interface TaskView {
  id: number;
  parentId: number | null;
  name: string;
  duration: number;
  startDate: string;
  endDate: string;
  totalFloat: number | null;
  critical: boolean;
}

export async function tasksOf(api: Client, projectId: number): Promise<TaskView[]> {
  return (await okData(api.get(`/project/detail?id=${projectId}`))).tasks;
}

/**
 * The 20-task scenario: two summaries (设计, 实施) over 18 leaves A…R with FS, SS, SF links, a
 * positive lag, a negative lag (a lead) and a milestone (P). Durations in working days.
 */
export const DURATIONS: Record<string, number> = { A: 3, B: 4, C: 1, D: 5, E: 2, F: 6, G: 8, H: 3, I: 4, J: 3, K: 2, L: 5, M: 3, N: 2, O: 1, P: 0, Q: 5, R: 2 };
export const LINKS: Array<[string, string, 'FS' | 'SS' | 'FF' | 'SF', number]> = [
  ['A', 'B', 'FS', 0],
  ['B', 'C', 'FS', 0],
  ['C', 'D', 'FS', 0],
  ['C', 'E', 'FS', 2],
  ['E', 'F', 'FS', 0],
  ['D', 'G', 'FS', 0],
  ['D', 'H', 'SS', 2],
  ['G', 'I', 'FS', 0],
  ['F', 'I', 'FS', 0],
  ['H', 'J', 'FS', -1],
  ['J', 'K', 'SF', 3],
  ['I', 'L', 'FS', 0],
  ['L', 'M', 'SS', 2],
  ['K', 'N', 'FS', 0],
  ['M', 'O', 'FS', 0],
  ['N', 'O', 'FS', 0],
  ['O', 'P', 'FS', 0],
  ['P', 'Q', 'FS', 0],
  ['Q', 'R', 'FS', 0],
];

/** Builds the scenario's tasks and links in a project; returns task ids by letter (and 设计, 实施). */
export async function buildScenario(api: Client, projectId: number): Promise<Record<string, number>> {
  const ids: Record<string, number> = {};
  ids['设计'] = (await okData(api.post('/project/task/add', { projectId, name: '设计', duration: 1 }))).id;
  ids['实施'] = (await okData(api.post('/project/task/add', { projectId, name: '实施', duration: 1 }))).id;
  for (const [name, duration] of Object.entries(DURATIONS)) {
    const parentId = 'ABCDE'.includes(name) ? ids['设计'] : ids['实施'];
    ids[name] = (await okData(api.post('/project/task/add', { projectId, parentId, name, duration }))).id;
  }
  for (const [p, s, kind, lag] of LINKS) await okData(api.post('/project/link/add', { predId: ids[p], succId: ids[s], kind, lag }));
  return ids;
}
