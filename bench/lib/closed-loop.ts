import crypto from 'node:crypto';
import { cpuWindow } from './cpu.ts';

/**
 * The load of the posting benchmarks (bench/posting.ts, bench/embedded.ts): an API client signed in
 * as the demo's jsh, and closed loops of clients posting documents through it.
 */
const md5 = (s: string) => crypto.createHash('md5').update(s).digest('hex');
// USER_HZ: /proc/<pid>/stat counts CPU time in 1/100 s on Linux
const TICKS_PER_S = 100;

export type Reply = { code?: number; msg?: string; data?: { id?: number; token?: string; message?: string } & Record<string, unknown> };

export function apiClient(api: string) {
  let token = '';
  const call = async (method: 'GET' | 'POST' | 'PUT', url: string, body?: unknown): Promise<Reply> => {
    const res = await fetch(`${api}${url}`, {
      method,
      headers: { ...(body !== undefined && { 'content-type': 'application/json' }), ...(token && { 'x-access-token': token }) },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(60_000),
    });
    const text = await res.text();
    if (!res.ok) throw new Error(`${method} ${url}: HTTP ${res.status} ${text.slice(0, 300)}`);
    return JSON.parse(text) as Reply;
  };
  const ok = async (method: 'GET' | 'POST' | 'PUT', url: string, body?: unknown) => {
    const r = await call(method, url, body);
    if (r.code !== 200) throw new Error(`${method} ${url}: ${JSON.stringify(r).slice(0, 300)}`);
    return r.data!;
  };
  return {
    call,
    ok,
    async signIn() {
      token = (await ok('POST', '/user/login', { loginName: 'jsh', password: md5('123456') })).token ?? '';
      if (!token) throw new Error('demo sign-in jsh failed: is SEED_DEMO honoured?');
    },
  };
}

/** Runs fn over items with at most `width` in flight. */
export async function pool<T, R>(items: T[], width: number, fn: (t: T, i: number) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < items.length) {
        const i = next++;
        out[i] = await fn(items[i], i);
      }
    }),
  );
  return out;
}

/** Nearest-rank percentile of sorted values. */
export const percentile = (sorted: Float64Array, p: number) => (sorted.length ? sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)] : NaN);

export interface Load {
  name: string;
  docs: number;
  seconds: number;
  p50: number;
  p95: number;
  p99: number;
  errors: number;
  firstError?: string;
  oursCpuPct: number;
  otherCpuPct: number;
  /** CPU of the ERP server and its database backends per document: the work, whatever else runs */
  serverMsPerDoc: number;
  /** of which the ERP server process (the first of ourPids) */
  nodeMsPerDoc: number;
}

/**
 * `clients` closed loops, each posting one document after the other for `secs` seconds (after a
 * warm-up that is not counted); every latency is kept. `post` resolves to an error text or undefined.
 */
export async function closedLoop(
  name: string,
  { clients, warmupSeconds, secs }: { clients: number; warmupSeconds: number; secs: number },
  post: (clientNo: number, seq: number) => Promise<string | undefined>,
  ourPids: () => Promise<number[]>,
  afterWarmup: () => Promise<unknown>,
): Promise<Load> {
  const seqs = new Array<number>(clients).fill(0);
  const run = async (s: number, record: boolean) => {
    const times: number[] = [];
    let errors = 0;
    let firstError: string | undefined;
    const until = performance.now() + s * 1000;
    const t0 = performance.now();
    await Promise.all(
      Array.from({ length: clients }, async (_, c) => {
        while (performance.now() < until) {
          const start = performance.now();
          let err: string | undefined;
          try {
            err = await post(c, seqs[c]++);
          } catch (e) {
            err = String(e);
          }
          times.push(performance.now() - start);
          if (err) {
            errors++;
            firstError ??= err;
          }
        }
      }),
    );
    if (!record) return undefined;
    return { times, errors, firstError, elapsed: (performance.now() - t0) / 1000 };
  };
  if (warmupSeconds > 0) await run(warmupSeconds, false);
  await afterWarmup();
  const endWindow = cpuWindow();
  const r = (await run(secs, true))!;
  const server = await ourPids();
  const serverTicks = endWindow(server).ours;
  const nodeTicks = endWindow(server.slice(0, 1)).ours;
  const cpu = endWindow([process.pid, ...server]);
  const sorted = Float64Array.from(r.times).sort();
  return {
    name,
    docs: r.times.length,
    seconds: r.elapsed,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
    errors: r.errors,
    firstError: r.firstError,
    oursCpuPct: (100 * cpu.ours) / (cpu.total || 1),
    otherCpuPct: (100 * cpu.other) / (cpu.total || 1),
    serverMsPerDoc: (serverTicks * 1000) / TICKS_PER_S / (r.times.length || 1),
    nodeMsPerDoc: (nodeTicks * 1000) / TICKS_PER_S / (r.times.length || 1),
  };
}
