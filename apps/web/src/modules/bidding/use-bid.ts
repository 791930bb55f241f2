import { useQuery } from '@tanstack/react-query';
import { useAreaRun } from '../../platform/use-run.ts';
import { bidApi } from './bid-api.ts';

/** Runs a bidding call: a refusal shows its message; success refreshes every bidding query. */
export const useRun = () => useAreaRun('bid');

/** The projects for a picker (newest first), optionally only some statuses. */
export function useProjectOptions(status?: string) {
  const q = useQuery({ queryKey: ['bid', 'options', status], queryFn: () => bidApi.projects({ currentPage: 1, pageSize: 500, status }) });
  return (q.data?.rows ?? []).map((p) => ({ value: p.id, label: p.name, status: p.status }));
}

/** Today as YYYY-MM-DD in the browser's zone. */
export const todayText = () => {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};
