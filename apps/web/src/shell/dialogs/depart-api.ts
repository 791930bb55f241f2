import { http, messageOf } from '../../platform/http.ts';

export interface Depart {
  id: number;
  departName: string;
  orgCode: string;
}

/** These two calls answer {success, result} rather than the usual envelope (docs/api.md). */
interface DepartsReply {
  success: boolean;
  result: { list: Depart[]; orgCode: string | null };
}

export async function fetchDeparts(): Promise<DepartsReply['result']> {
  const body = (await http.get<unknown>('/sys/user/getCurrentUserDeparts')) as unknown as DepartsReply;
  if (!body.success) throw new Error(messageOf(body.result) ?? 'departs');
  return body.result;
}
