import os from 'node:os';
import type { Measured } from './load.ts';

/** The goals: authenticated read ≥ 40 % of bare Fastify, server RSS ≤ 300 MB. */
export const GOAL_RATIO = 0.4;
export const GOAL_RSS_MB = 300;
/** More CPU than this taken by other processes while measuring makes a row suspect. */
export const DISTURBED_PCT = 10;

const f = (n: number | undefined, d = 1) => (n === undefined || Number.isNaN(n) ? 'n/a' : n.toFixed(d));

/**
 * Prints the run as Markdown (pasteable into RESULTS.md) and says whether the run is valid:
 * any transport error, non-2xx or unexpected body makes the figures meaningless.
 */
export function printReport(rows: Measured[], o: { bare: Measured; authRead: Measured; hwmMb?: number; connections: number; seconds: number }): boolean {
  const cpus = os.cpus();
  console.log(
    `\n${new Date().toISOString()} · Node ${process.version} · ${cpus.length} × ${cpus[0]?.model ?? '?'} · ` +
      `${o.connections} connections · ${o.seconds} s per scenario\n`,
  );
  console.log('| scenario | req/s | p50 ms | p95 ms | p99 ms | requests | errors | non-2xx | bad body | × bare | peak RSS MB | CPU bench / other % |');
  console.log('|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|');
  for (const r of rows) {
    console.log(
      `| ${r.name} | ${f(r.rps, 0)} | ${f(r.p50, 2)} | ${f(r.p95, 2)} | ${f(r.p99, 2)} | ${r.requests} | ${r.errors} | ${r.non2xx} | ` +
        `${r.mismatches} | ${f((r.rps / o.bare.rps) * 100)} % | ${f(r.peakRssMb, 0)} | ${f(r.oursCpuPct, 0)} / ${f(r.otherCpuPct, 0)} |`,
    );
  }
  const ratio = o.authRead.rps / o.bare.rps;
  const peak = Math.max(o.hwmMb ?? 0, ...rows.filter((r) => r !== o.bare).map((r) => r.peakRssMb ?? 0));
  const verdict = (ok: boolean) => (ok ? 'met' : 'NOT met');
  console.log(`\nauthenticated read / bare Fastify = ${f(ratio * 100)} % (goal ≥ ${GOAL_RATIO * 100} %): ${verdict(ratio >= GOAL_RATIO)}`);
  console.log(`ERP server peak RSS = ${f(peak, 0)} MB (kernel high-water mark, includes start-up; goal ≤ ${GOAL_RSS_MB} MB): ${verdict(peak <= GOAL_RSS_MB)}`);
  const valid = rows.every((r) => r.errors + r.non2xx + r.mismatches === 0 && r.requests > 0);
  const disturbed = rows.filter((r) => (r.otherCpuPct ?? 0) > DISTURBED_PCT).map((r) => r.name);
  if (disturbed.length) console.log(`DISTURBED: other processes took > ${DISTURBED_PCT} % of the CPU during: ${disturbed.join('; ')}`);
  console.log(valid ? 'run valid: no errors, every reply 2xx with the expected body' : 'INVALID RUN: some requests failed (see the table)');
  return valid;
}
