import { spawn, type ChildProcess } from 'node:child_process';
import { SERVER_ENV, SERVER_NODE_FLAGS } from '../../scripts/build-server.mjs';
import fs from 'node:fs';
import net from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';

/** A port nobody listens on right now (the OS picks it). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.on('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

/**
 * Runs an entry in a child node process: a .ts entry through the tsx loader, a .js entry (the
 * server bundle, as `npm start` runs it) as it is. child.pid is the server itself, so its /proc
 * status is the server's memory.
 */
export function startNode(entry: string, cwd: string, env: Record<string, string>): ChildProcess {
  // both servers get the production flags, so the ratio compares like with like
  // BENCH_PROFILE_DIR: a V8 CPU profile of each server, written there when it stops
  const profile = process.env.BENCH_PROFILE_DIR ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE_DIR}`] : [];
  const args = [...SERVER_NODE_FLAGS, ...profile, ...(entry.endsWith('.ts') ? ['--import', 'tsx', entry] : [entry])];
  return spawn(process.execPath, args, { cwd, env: { ...process.env, ...SERVER_ENV, ...env }, stdio: ['ignore', 'inherit', 'inherit'] });
}

const exited = (c: ChildProcess) => c.exitCode !== null || c.signalCode !== null;

/** Polls `url` until it answers 2xx; fails early if the child dies (e.g. a migration error). */
export async function waitReady(child: ChildProcess, url: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (exited(child)) throw new Error(`server exited (${child.exitCode ?? child.signalCode}) before it listened`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await sleep(250);
  }
  throw new Error(`no answer from ${url} within ${timeoutMs / 1000} s`);
}

/** SIGTERM (the ERP server closes its pool cleanly), SIGKILL if it is still there after 5 s. */
export async function stop(child: ChildProcess): Promise<void> {
  if (exited(child)) return;
  const gone = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  const kill = setTimeout(() => child.kill('SIGKILL'), 5000);
  await gone;
  clearTimeout(kill);
}

/** VmRSS (resident now) or VmHWM (kernel's high-water mark) of a process in MB; undefined off Linux. */
export function memMb(pid: number | undefined, field: 'VmRSS' | 'VmHWM'): number | undefined {
  try {
    const m = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) / 1024 : undefined;
  } catch {
    return undefined;
  }
}

/** Every process under pid (children, their children, …), from /proc; empty off Linux. */
export function descendants(pid: number): number[] {
  const parentOf = new Map<number, number[]>();
  let dirs: string[] = [];
  try {
    dirs = fs.readdirSync('/proc').filter((d) => /^\d+$/.test(d));
  } catch {
    return [];
  }
  for (const d of dirs) {
    try {
      const s = fs.readFileSync(`/proc/${d}/stat`, 'utf8');
      const ppid = Number(s.slice(s.lastIndexOf(')') + 2).split(' ')[1]);
      parentOf.set(ppid, [...(parentOf.get(ppid) ?? []), Number(d)]);
    } catch {
      // gone meanwhile
    }
  }
  const out: number[] = [];
  for (let todo = [pid]; todo.length;) {
    const kids = todo.flatMap((p) => parentOf.get(p) ?? []);
    out.push(...kids);
    todo = kids;
  }
  return out;
}

/**
 * Proportional set size in MB: resident memory with each shared page divided among the processes
 * that map it, so a sum over a process tree (PostgreSQL's shared buffers) counts each page once.
 */
export function pssMb(pid: number): number | undefined {
  try {
    const m = /^Pss:\s+(\d+) kB/m.exec(fs.readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8'));
    return m ? Number(m[1]) / 1024 : undefined;
  } catch {
    return undefined;
  }
}
