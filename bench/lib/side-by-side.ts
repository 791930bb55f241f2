import { cpuWindow } from './cpu.ts';
import { percentile } from './raw-sql.ts';

/** One way of serving a request (over HTTP, or its SQL raw): `make` opens what one loop needs. */
export interface Side {
  name: string;
  /** Returns one loop's request function (throws on a bad reply) and how to close it. */
  make: () => Promise<{ once: () => Promise<void>; close?: () => Promise<void> }>;
}

export interface SideResult {
  rps: number;
  p50: number;
  p95: number;
  requests: number;
  errors: number;
  firstError?: string;
  /** Share of the machine's CPU taken by processes outside the benchmark while this side ran. */
  otherCpuPct: number;
}

/**
 * Measures the sides in alternating slices (a warm-up of each, then `rounds` rounds of
 * seconds/rounds per side), `connections` closed loops each, every latency kept: a neighbour
 * that loads the machine for a while then hurts both sides alike and their ratio stays fair.
 */
export async function sideBySide(
  sides: Side[],
  o: { connections: number; seconds: number; warmupSeconds: number; rounds: number; ourPids: () => Promise<number[]> },
): Promise<SideResult[]> {
  const loops = await Promise.all(sides.map((s) => Promise.all(Array.from({ length: o.connections }, () => s.make()))));
  const acc = sides.map(() => ({ times: [] as number[], seconds: 0, errors: 0, firstError: undefined as string | undefined, other: 0, total: 0 }));
  const run = async (i: number, secs: number, record: boolean) => {
    const until = performance.now() + secs * 1000;
    const t0 = performance.now();
    const a = acc[i];
    await Promise.all(
      loops[i].map(async (l) => {
        while (performance.now() < until) {
          const start = performance.now();
          try {
            await l.once();
          } catch (e) {
            if (!record) continue;
            a.errors++;
            a.firstError ??= String(e);
          }
          if (record) a.times.push(performance.now() - start);
        }
      }),
    );
    if (record) a.seconds += (performance.now() - t0) / 1000;
  };
  try {
    if (o.warmupSeconds > 0) for (const i of sides.keys()) await run(i, o.warmupSeconds, false);
    for (let r = 0; r < o.rounds; r++) {
      for (const i of sides.keys()) {
        const end = cpuWindow();
        await run(i, o.seconds / o.rounds, true);
        const cpu = end([process.pid, ...(await o.ourPids())]);
        acc[i].other += cpu.other;
        acc[i].total += cpu.total;
      }
    }
  } finally {
    await Promise.all(loops.flat().map((l) => l.close?.()));
  }
  return acc.map((a) => {
    const sorted = Float64Array.from(a.times).sort();
    return {
      rps: a.times.length / a.seconds,
      p50: percentile(sorted, 50),
      p95: percentile(sorted, 95),
      requests: a.times.length,
      errors: a.errors,
      firstError: a.firstError,
      otherCpuPct: (100 * a.other) / (a.total || 1),
    };
  });
}
