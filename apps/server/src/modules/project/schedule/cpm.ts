import { BusinessError } from '../../../platform/errors.ts';

/**
 * The critical-path method on working-day ordinals (pure; the calendar is applied by the caller).
 * A task occupies working days [start, start + duration): its finish ordinal is exclusive. A link
 * pred → succ of kind FS/SS/FF/SF with `lag` working days (negative: a lead) constrains:
 *   FS: start(succ) ≥ finish(pred) + lag     SS: start(succ) ≥ start(pred) + lag
 *   FF: finish(succ) ≥ finish(pred) + lag    SF: finish(succ) ≥ start(pred) + lag
 * Nothing starts before ordinal 0 (the project start). A pinned task (manual scheduling) starts on
 * its pinned ordinal whatever its predecessors say; its float may then be negative.
 */
export type LinkKind = 'FS' | 'SS' | 'FF' | 'SF';
export interface CpmTask {
  id: number;
  name: string;
  duration: number;
  pinned?: number | null;
}
export interface CpmLink {
  pred: number;
  succ: number;
  kind: LinkKind;
  lag: number;
}
export interface CpmResult {
  /** early start and finish (exclusive), late start, total float; by task id */
  es: Map<number, number>;
  ef: Map<number, number>;
  ls: Map<number, number>;
  float: Map<number, number>;
  /** the project's finish ordinal (exclusive) */
  finish: number;
}

/** Topological order of the tasks by their links; a cycle is refused naming its tasks. */
export function topoOrder(tasks: readonly CpmTask[], links: readonly CpmLink[]): number[] {
  const indeg = new Map(tasks.map((t) => [t.id, 0]));
  const out = new Map<number, number[]>();
  for (const l of links) {
    indeg.set(l.succ, (indeg.get(l.succ) ?? 0) + 1);
    const list = out.get(l.pred);
    if (list) list.push(l.succ);
    else out.set(l.pred, [l.succ]);
  }
  const queue = tasks.filter((t) => indeg.get(t.id) === 0).map((t) => t.id);
  const order: number[] = [];
  for (let i = 0; i < queue.length; i++) {
    const id = queue[i]!;
    order.push(id);
    for (const s of out.get(id) ?? []) {
      const left = indeg.get(s)! - 1;
      indeg.set(s, left);
      if (left === 0) queue.push(s);
    }
  }
  if (order.length < tasks.length) throw new BusinessError(`任务依赖存在循环：${cycleOf(tasks, links, new Set(order))}`);
  return order;
}

/** One cycle among the tasks left out of the order, as 'A → B → A': each of them still has a predecessor left, so walking back repeats. */
function cycleOf(tasks: readonly CpmTask[], links: readonly CpmLink[], done: Set<number>): string {
  const name = new Map(tasks.map((t) => [t.id, t.name]));
  const predLeft = new Map<number, number>();
  for (const l of links) if (!done.has(l.pred) && !done.has(l.succ)) predLeft.set(l.succ, l.pred);
  const path: number[] = [];
  const seen = new Map<number, number>();
  let cur = tasks.find((t) => !done.has(t.id))!.id;
  while (!seen.has(cur)) {
    seen.set(cur, path.length);
    path.push(cur);
    cur = predLeft.get(cur)!;
  }
  // the path runs backwards (successor → predecessor); the cycle reads forwards
  const forwards = path.slice(seen.get(cur)!).reverse();
  return [...forwards, forwards[0]].map((id) => name.get(id!)).join(' → ');
}

/** Forward and backward passes: early and late dates and total float of every task. */
export function computeCpm(tasks: readonly CpmTask[], links: readonly CpmLink[]): CpmResult {
  const order = topoOrder(tasks, links);
  const byId = new Map(tasks.map((t) => [t.id, t]));
  const ins = new Map<number, CpmLink[]>();
  const outs = new Map<number, CpmLink[]>();
  for (const l of links) {
    (ins.get(l.succ) ?? ins.set(l.succ, []).get(l.succ)!).push(l);
    (outs.get(l.pred) ?? outs.set(l.pred, []).get(l.pred)!).push(l);
  }
  const es = new Map<number, number>();
  const ef = new Map<number, number>();
  for (const id of order) {
    const t = byId.get(id)!;
    let start = 0;
    if (t.pinned != null) start = t.pinned;
    else
      for (const l of ins.get(id) ?? []) {
        const ps = es.get(l.pred)!;
        const pf = ef.get(l.pred)!;
        const need = l.kind === 'FS' ? pf + l.lag : l.kind === 'SS' ? ps + l.lag : l.kind === 'FF' ? pf + l.lag - t.duration : ps + l.lag - t.duration;
        if (need > start) start = need;
      }
    es.set(id, start);
    ef.set(id, start + t.duration);
  }
  let finish = 0;
  for (const f of ef.values()) if (f > finish) finish = f;
  const ls = new Map<number, number>();
  const float = new Map<number, number>();
  for (let i = order.length - 1; i >= 0; i--) {
    const id = order[i]!;
    const t = byId.get(id)!;
    let lf = finish;
    for (const l of outs.get(id) ?? []) {
      const sls = ls.get(l.succ)!;
      const slf = sls + byId.get(l.succ)!.duration;
      const allow = l.kind === 'FS' ? sls - l.lag : l.kind === 'SS' ? sls - l.lag + t.duration : l.kind === 'FF' ? slf - l.lag : slf - l.lag + t.duration;
      if (allow < lf) lf = allow;
    }
    ls.set(id, lf - t.duration);
    float.set(id, lf - t.duration - es.get(id)!);
  }
  return { es, ef, ls, float, finish };
}
