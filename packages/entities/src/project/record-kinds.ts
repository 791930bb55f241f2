/** The kinds of project records that have a menu list of their own (SPEC §2.2 project area). */
export const RECORD_KINDS = ['task', 'contract', 'collection', 'payment', 'expense', 'risk', 'acceptance', 'problem', 'summary', 'deliverable'] as const;
export type RecordKind = (typeof RECORD_KINDS)[number];

/** Each kind's url segment: its menu is /project/<segment>, its list GET /project/<segment>/all. */
export const RECORD_SEGMENT: Record<RecordKind, string> = {
  task: 'task',
  contract: 'contract',
  collection: 'collection',
  payment: 'payment',
  expense: 'expenses',
  risk: 'risk',
  acceptance: 'acceptance',
  problem: 'after_sales',
  summary: 'summary',
  deliverable: 'deliverables',
};
