import { useAreaRun } from '../../platform/use-run.ts';

/** Runs a CRM call: a refusal shows its message; success refreshes every CRM query. */
export const useRun = () => useAreaRun('crm');
