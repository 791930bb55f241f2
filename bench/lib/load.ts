import autocannon from 'autocannon';
import { cpuWindow, type CpuTicks } from './cpu.ts';
import { memMb } from './procs.ts';

export interface Scenario {
  name: string;
  url: string;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
  /** Every reply body must contain this, else it counts as a mismatch (business errors are HTTP 200). */
  expect: string;
  /** The process serving it: its RSS is sampled, its CPU counts as the benchmark's. */
  serverPid?: number;
  /** More of the benchmark's own processes (database backends), asked for after each slice. */
  morePids?: () => Promise<number[]>;
}

export interface Measured {
  name: string;
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  requests: number;
  errors: number;
  non2xx: number;
  mismatches: number;
  peakRssMb?: number;
  /** Share of the machine's CPU (all cores = 100 %) taken by the benchmark, and by anything else, while measuring. */
  oursCpuPct: number;
  otherCpuPct: number;
}

const load = (s: Scenario, connections: number, seconds: number) =>
  autocannon({
    url: s.url,
    method: s.method ?? 'GET',
    headers: { ...(s.body && { 'content-type': 'application/json' }), ...s.headers },
    body: s.body,
    connections,
    duration: seconds,
    verifyBody: (b) => b.includes(s.expect),
  });

/** Nearest-rank percentile of sorted values. */
function percentile(sorted: Float64Array, p: number): number {
  return sorted.length ? sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)] : NaN;
}

/**
 * Measures scenarios side by side: after a warm-up of each (JIT, pg pool), `rounds` rounds
 * run every scenario for seconds/rounds in turn, so a neighbour that loads the machine for
 * a while hurts all of them alike and their ratio stays fair.
 * autocannon reports only fixed percentiles (p50, p97.5, p99…), so p50/p95/p99 are computed
 * here from every response time, taken from the instance's 'response' event.
 */
export async function measure(scenarios: Scenario[], o: { connections: number; seconds: number; warmupSeconds: number; rounds: number }): Promise<Measured[]> {
  if (o.warmupSeconds > 0) for (const s of scenarios) await load(s, o.connections, o.warmupSeconds);
  const acc = scenarios.map(() => ({
    times: [] as number[],
    seconds: 0,
    requests: 0,
    errors: 0,
    non2xx: 0,
    mismatches: 0,
    peak: 0,
    cpu: { total: 0, ours: 0, other: 0 } as CpuTicks,
  }));
  for (let round = 0; round < o.rounds; round++) {
    for (const [i, s] of scenarios.entries()) {
      const a = acc[i];
      const sampler = setInterval(() => (a.peak = Math.max(a.peak, memMb(s.serverPid, 'VmRSS') ?? 0)), 100);
      const endWindow = cpuWindow();
      const inst = load(s, o.connections, o.seconds / o.rounds);
      inst.on('response', (_client: unknown, _status: number, _bytes: number, ms: number) => a.times.push(ms));
      let r;
      try {
        r = await inst;
      } finally {
        clearInterval(sampler);
      }
      const cpu = endWindow([process.pid, s.serverPid ?? 0, ...((await s.morePids?.()) ?? [])]);
      for (const k of ['total', 'ours', 'other'] as const) a.cpu[k] += cpu[k];
      a.seconds += r.duration;
      a.requests += r.requests.total;
      a.errors += r.errors;
      a.non2xx += r.non2xx;
      a.mismatches += r.mismatches;
    }
  }
  return scenarios.map((s, i) => {
    const a = acc[i];
    const sorted = Float64Array.from(a.times).sort();
    return {
      name: s.name,
      rps: a.requests / a.seconds,
      p50: percentile(sorted, 50),
      p95: percentile(sorted, 95),
      p99: percentile(sorted, 99),
      requests: a.requests,
      errors: a.errors,
      non2xx: a.non2xx,
      mismatches: a.mismatches,
      peakRssMb: a.peak || undefined,
      oursCpuPct: (100 * a.cpu.ours) / (a.cpu.total || 1),
      otherCpuPct: (100 * a.cpu.other) / (a.cpu.total || 1),
    };
  });
}
