/**
 * What every bench needs around its run: cleanup steps (children, pools, databases) undone in reverse order
 * on every exit path, a hard time bound so nothing hangs for ever, and the JSON-envelope call to the API.
 */
export const cleanups: Array<() => Promise<unknown>> = [];

export async function cleanup(): Promise<void> {
  for (let fn = cleanups.pop(); fn; fn = cleanups.pop()) await fn().catch((e) => console.error('bench cleanup:', e));
}

/** Cleans up and exits past `budgetSeconds` (code 2), and on SIGINT or SIGTERM (130). */
export function guardRun(budgetSeconds: number): void {
  setTimeout(() => {
    console.error('bench: time budget exceeded, stopping');
    void cleanup().finally(() => process.exit(2));
  }, budgetSeconds * 1000).unref();
  for (const sig of ['SIGINT', 'SIGTERM'] as const) process.once(sig, () => void cleanup().finally(() => process.exit(130)));
}

/** A number from the environment (BENCH_…), `dflt` when unset; anything below `min` or not a number stops the run. */
export function envNumber(name: string, dflt: number, min: number): number {
  const v = Number(process.env[name] ?? dflt);
  if (!(v >= min)) throw new Error(`${name} must be a number ≥ ${min}`);
  return v;
}

/** Runs a bench's main, then its cleanups on every path; exits 0 only when main says the run is valid. */
export async function runBench(main: () => Promise<boolean>): Promise<never> {
  let code = 1;
  try {
    code = (await main()) ? 0 : 1;
  } catch (e) {
    console.error('bench failed:', e);
  } finally {
    await cleanup();
  }
  process.exit(code);
}

/** GET (no body) or POST JSON to the API; anything but code 200 throws with the reply. */
export async function call<T>(api: string, path: string, body?: unknown, token?: string): Promise<T> {
  const res = await fetch(`${api}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { ...(body !== undefined && { 'content-type': 'application/json' }), ...(token && { 'x-access-token': token }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const r = (await res.json()) as { code: number; data: T };
  if (r.code !== 200) throw new Error(`${path}: ${JSON.stringify(r).slice(0, 300)}`);
  return r.data;
}
