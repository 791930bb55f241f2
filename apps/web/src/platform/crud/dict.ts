import { useQuery } from '@tanstack/react-query';
import { http, unwrap } from '../http.ts';

/** GET /system/dict/data/type/{dictType} (docs/api.md). */
export interface DictItem {
  dictLabel: string;
  dictValue: string;
  listClass?: string | null;
}

/** One dictionary, fetched once per session view and shared by every list and form. */
export function useDict(dictType: string | undefined) {
  return useQuery({
    queryKey: ['dict', dictType],
    enabled: Boolean(dictType),
    staleTime: 5 * 60000,
    queryFn: async () => unwrap(await http.get<DictItem[]>(`/system/dict/data/type/${encodeURIComponent(dictType!)}`)),
  });
}

/** antd Tag colours for the dictionary's listClass (the original's bootstrap-like classes). */
export const LIST_CLASS_COLOR: Record<string, string> = {
  primary: 'blue',
  success: 'green',
  info: 'cyan',
  warning: 'orange',
  danger: 'red',
};
