import fs from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';

/**
 * The machine may be shared (other test runs on the same 2 cores), which would skew the
 * figures; these helpers measure how much CPU went to processes outside the benchmark.
 */

/** Busy and total CPU ticks of the whole machine, from the first line of /proc/stat. */
function machineTicks(): { busy: number; total: number } {
  const f = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1).map(Number);
  const total = f.reduce((a, b) => a + b, 0);
  return { busy: total - f[3] - f[4], total }; // idle and iowait are not busy
}

/** utime + stime of a process (all its threads) in ticks; undefined once it has exited. */
function ticks(pid: number): number | undefined {
  try {
    const s = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const f = s.slice(s.lastIndexOf(')') + 2).split(' ');
    return Number(f[11]) + Number(f[12]);
  } catch {
    return undefined;
  }
}

function processTicks(): Map<number, number> {
  const out = new Map<number, number>();
  for (const d of fs.readdirSync('/proc')) {
    const t = /^\d+$/.test(d) ? ticks(Number(d)) : undefined;
    if (t !== undefined) out.set(Number(d), t);
  }
  return out;
}

/** CPU ticks over one or more windows: the whole machine's, the benchmark's processes', and the rest. */
export interface CpuTicks {
  total: number;
  ours: number;
  other: number;
}

/** Call at the start of a window; the returned function, given the benchmark's pids, ends it. */
export function cpuWindow(): (ours: number[]) => CpuTicks {
  if (!fs.existsSync('/proc/stat')) return () => ({ total: 0, ours: 0, other: 0 });
  const m0 = machineTicks();
  const p0 = processTicks();
  return (pids) => {
    const m1 = machineTicks();
    const ours = pids.reduce((a, pid) => a + Math.max(0, (ticks(pid) ?? 0) - (p0.get(pid) ?? 0)), 0);
    return { total: m1.total - m0.total, ours, other: Math.max(0, m1.busy - m0.busy - ours) };
  };
}

/** Waits (at most maxSeconds) until the machine is nearly idle; returns the last busy share seen. */
export async function waitQuiet(maxSeconds: number, thresholdPct = 15): Promise<number> {
  const deadline = Date.now() + maxSeconds * 1000;
  for (;;) {
    const m0 = machineTicks();
    await sleep(1000);
    const m1 = machineTicks();
    const busyPct = (100 * (m1.busy - m0.busy)) / (m1.total - m0.total || 1);
    if (busyPct < thresholdPct || Date.now() >= deadline) return busyPct;
  }
}

/** Waits (at most maxSeconds) until a process has used no CPU for half a second: its queued work is done. */
export async function waitIdle(pid: number | undefined, maxSeconds: number): Promise<void> {
  const deadline = Date.now() + maxSeconds * 1000;
  let last = pid && ticks(pid);
  while (last !== undefined && Date.now() < deadline) {
    await sleep(500);
    const now = pid && ticks(pid);
    if (now === last) return;
    last = now;
  }
}
