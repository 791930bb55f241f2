import dayjs from 'dayjs';
import { http, unwrap } from '../../platform/http.ts';

/** SPEC §3 Message (one row per recipient, docs/api.md). */
export interface Message {
  id: number;
  msgTitle: string;
  msgContent: string;
  type: string;
  status: number | string;
  solvedStatus: number | string;
  solvedTime?: string | null;
  openType?: string | null;
  openPage?: string | null;
  busId?: string | number | null;
  modelName?: string | null;
  remark?: string | null;
  senderId?: number | null;
  createTime?: string;
  createTimeStr?: string;
}

export interface MessageQuery {
  currentPage: number;
  pageSize: number;
  msgTitle?: string;
  status?: number;
}

export const BELL_QUERY = { currentPage: 1, pageSize: 999, status: 0 } as const;

export const msgApi = {
  /** the bell: unread (status 0), up to 999 */
  async bell(): Promise<{ records: Message[]; total: number }> {
    return unwrap(await http.post<{ records: Message[]; total: number }>('/msg/getList', BELL_QUERY));
  },
  async list(q: MessageQuery): Promise<{ rows: Message[]; total: number }> {
    return unwrap(await http.post<{ rows: Message[]; total: number }>('/msg/list', q));
  },
  /** status 1: read in the message centre; status 2: read from the bell (SPEC §4) */
  setStatus: (ids: number[], status: 1 | 2) => http.post<{ message: string }>('/msg/batchUpdateStatus', { ids: ids.join(','), status }),
  solve: (ids: number[]) =>
    http.post<string | { message: string }>('/msg/updateSolvedStatus', {
      ids: ids.join(','),
      solvedStatus: 1,
      solvedTime: dayjs().format('YYYY-MM-DD HH:mm:ss'),
    }),
  readAll: () => http.post<{ message: string }>('/msg/readAllMsg', {}),
  save: (m: { type: string; msgTitle: string; msgContent: string; userIds: number[]; senderId?: number }) =>
    http.post<{ message: string }>('/msg/saveMsg', {
      ...m,
      userIds: m.userIds.join(','),
      createTime: dayjs().format('YYYY-MM-DD HH:mm:ss'),
    }),
  async users(): Promise<Array<{ id: number; username: string; loginName: string }>> {
    return unwrap(await http.get<{ rows: Array<{ id: number; username: string; loginName: string }> }>('/user/list', { currentPage: 1, pageSize: 9999 })).rows;
  },
};

/** Where a message leads (SPEC §3: openType component or url opens openPage with busId). */
export function messageTarget(m: Message): string | undefined {
  if (!m.openPage || (m.openType !== 'component' && m.openType !== 'url')) return undefined;
  if (m.busId === undefined || m.busId === null || m.busId === '') return m.openPage;
  return `${m.openPage}${m.openPage.includes('?') ? '&' : '?'}id=${encodeURIComponent(String(m.busId))}`;
}
