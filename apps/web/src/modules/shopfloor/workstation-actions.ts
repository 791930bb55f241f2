export type Action = 'start' | 'pause' | 'resume' | 'finish';

/** The moves an operation in each status offers (the server refuses any other, naming the status). */
export const ACTIONS: Record<string, Action[]> = {
  planned: ['start'],
  released: ['start'],
  started: ['pause', 'finish'],
  paused: ['resume', 'finish'],
  done: [],
};
