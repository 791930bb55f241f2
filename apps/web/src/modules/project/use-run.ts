import { useAreaRun } from '../../platform/use-run.ts';

/** Runs a project call: a refusal shows its message; success refreshes every project query. */
export const useRun = () => useAreaRun('project');
