#!/usr/bin/env node
// `npm test`: typecheck, lint and the web units, then the database suites on PGlite (and on PostgreSQL
// and the cluster checks when DATABASE_URL is set) and, beside them, the browser journeys in shards. Ends with
// one "N passed, N failed" line. Steps that do not share state run side by side (each engine's suite has its own
// database, each journey shard its own server): the suites keep the cores busy while the journeys mostly wait, so
// a run fits in 30 minutes on 2 cores. Each step's output is kept apart and printed whole when it ends.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const tally = { passed: 0, failed: 0, skipped: 0 };
const fileSeconds = {};
const failures = [];
// failed tests by name, repeated at the very end: a CI log is often kept only in part, its tail
const failedTests = [];
const started = Date.now();
const lastOutput = new Map();
const clock = () => `${Math.round((Date.now() - started) / 1000)} s`;

/** One step in the background; its output goes to a file, printed when it ends. Resolves to its success (and `.output`). */
function run(name, cmd, args, env = {}) {
  const logFile = path.join(os.tmpdir(), `erp-test-${process.pid}-${name.replace(/\W+/g, '_')}.log`);
  const out = fs.openSync(logFile, 'w');
  const t0 = Date.now();
  const child = spawn(cmd, args, { cwd: root, stdio: ['ignore', out, out], env: { ...process.env, ...env } });
  return new Promise((resolve) => {
    child.on('close', (code) => {
      fs.closeSync(out);
      console.log(`\n=== ${name} (${Math.round((Date.now() - t0) / 1000)} s, ended at ${clock()})`);
      const output = fs.readFileSync(logFile, 'utf8');
      process.stdout.write(output);
      fs.rmSync(logFile, { force: true });
      if (code !== 0) failures.push(name);
      lastOutput.set(name, output);
      resolve(code === 0);
    });
  });
}

async function vitest(name, config, env, extra = []) {
  const out = path.join(os.tmpdir(), `vitest-${process.pid}-${name.replace(/\W+/g, '_')}.json`);
  const ok = await run(name, 'npx', ['vitest', 'run', '--config', config, '--reporter=default', '--reporter=json', `--outputFile=${out}`, ...extra], env);
  try {
    const j = JSON.parse(fs.readFileSync(out, 'utf8'));
    tally.passed += j.numPassedTests;
    tally.failed += j.numFailedTests;
    tally.skipped += j.numPendingTests + (j.numTodoTests ?? 0);
    // tests that passed only on a retry (the journeys retry lost clicks): named, so flakiness stays visible
    const retried = j.testResults.flatMap((f) => f.assertionResults.filter((t) => t.status === 'passed' && t.failureMessages.length));
    for (const t of retried) console.log(`passed on retry: ${t.fullName}\n  first failure: ${t.failureMessages[0].split('\n')[0]}`);
    for (const f of j.testResults) {
      const failed = f.assertionResults.filter((t) => t.status === 'failed');
      for (const t of failed) failedTests.push(`${name}: ${path.relative(root, f.name)} > ${t.fullName}\n    ${(t.failureMessages[0] ?? '').split('\n')[0]}`);
      if (!failed.length && f.status === 'failed') failedTests.push(`${name}: ${path.relative(root, f.name)}\n    ${(f.message ?? '').split('\n')[0]}`);
    }
    for (const f of j.testResults) fileSeconds[path.relative(root, f.name)] = Math.round((f.endTime - f.startTime) / 1000);
    // the slowest files, to see where the run's time goes
    const slow = j.testResults
      .map((f) => [f.endTime - f.startTime, path.relative(root, f.name)])
      .filter(([ms]) => ms >= 5000)
      .sort((a, b) => b[0] - a[0]);
    if (slow.length)
      console.log(
        `slowest files of ${name}: ${slow
          .slice(0, 8)
          .map(([ms, f]) => `${f} ${Math.round(ms / 1000)} s`)
          .join(', ')}`,
      );
  } catch {
    if (!ok) tally.failed += 1; // the runner itself failed before reporting
  } finally {
    fs.rmSync(out, { force: true });
  }
  return ok;
}

async function apiOnPostgres() {
  // the statements of every tenant transaction are logged, then checked for tenant_id conditions (Citus)
  const sqlLog = path.join(os.tmpdir(), `erp-sql-${process.pid}.log`);
  fs.rmSync(sqlLog, { force: true });
  await vitest('api on PostgreSQL', 'vitest.config.ts', { TEST_DB: 'postgres', ERP_SQL_LOG: sqlLog });
  const ok = await run('tenant filters', 'node', ['--import', 'tsx', 'scripts/check-tenant-filters.ts', sqlLog]);
  tally[ok ? 'passed' : 'failed'] += 1;
  fs.rmSync(sqlLog, { force: true });
}

// several instances behind HAProxy with PgBouncer (scripts/cluster): needs the PostgreSQL server and both tools
async function cluster() {
  const have = (bin) => spawnSync('sh', ['-c', `command -v ${bin}`]).status === 0;
  if (!have('haproxy') || !have('pgbouncer')) {
    console.log('\n(haproxy or pgbouncer missing: the cluster checks are skipped; .ci/run installs both)');
    return;
  }
  await run('cluster', 'npm', ['run', '-s', 'test:cluster']);
  const m = /cluster: (\d+) passed, (\d+) failed/.exec(lastOutput.get('cluster') ?? '');
  tally.passed += m ? Number(m[1]) : 0;
  tally.failed += m ? Number(m[2]) : 1;
}

/**
 * The journey files dealt into `n` shards of about equal length: longest first, each to the shard with the least
 * so far, by the seconds e2e/durations.json gives (a file it does not name counts as its median). Vitest's own
 * --shard splits by file count, which left one shard twice as long as the other.
 */
function journeyShards(n) {
  const known = JSON.parse(fs.readFileSync(path.join(root, 'e2e/durations.json'), 'utf8'));
  const sorted = Object.values(known).sort((a, b) => a - b);
  const median = sorted[Math.floor(sorted.length / 2)] ?? 60;
  const files = fs
    .readdirSync(path.join(root, 'e2e'))
    .filter((f) => f.endsWith('.test.ts'))
    .map((f) => [`e2e/${f}`, known[`e2e/${f}`] ?? median])
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
  const shards = Array.from({ length: n }, () => ({ seconds: 0, files: [] }));
  for (const [file, seconds] of files) {
    const least = shards.reduce((a, b) => (b.seconds < a.seconds ? b : a));
    least.files.push(file);
    least.seconds += seconds;
  }
  return shards.filter((sh) => sh.files.length);
}

async function journeys() {
  // journeys mostly wait (for the server, animations, pushes), so shards, each with its own server and browser, run
  // side by side, and beside the API suites (E2E_SHARDS=1 runs them in one stream)
  const shards = journeyShards(Math.max(1, Number(process.env.E2E_SHARDS) || 3));
  await Promise.all(
    shards.map((sh, i) =>
      // a file path is a filter (a substring of the path): "e2e/crm.test.ts" does not match e2e/crm-mail.test.ts
      vitest(`browser journeys ${i + 1}/${shards.length} (~${sh.seconds} s)`, 'e2e/vitest.config.ts', {}, sh.files),
    ),
  );
}

const only = process.argv[2]; // optional: web | api | cluster | e2e
const pg = Boolean(process.env.DATABASE_URL);
const steps = [];
if (!only) steps.push(run('typecheck', 'npm', ['run', '-s', 'typecheck']), run('lint', 'npm', ['run', '-s', 'lint']));
if (!only || only === 'web') steps.push(vitest('web units', 'apps/web/vitest.config.ts', {}));
await Promise.all(steps);
const streams = [];
if (!only || only === 'api') {
  streams.push(vitest('api on PGlite', 'vitest.config.ts', { TEST_DB: 'pglite' }));
  if (!pg) console.log('\n(DATABASE_URL not set: the PostgreSQL run of the database suites is skipped)');
}
// the cluster checks start several servers against PostgreSQL: after its suite, beside PGlite's (the longer one)
if (pg && (!only || only === 'api' || only === 'cluster'))
  streams.push((only === 'cluster' ? Promise.resolve() : apiOnPostgres()).then(() => (only === 'api' ? undefined : cluster())));
if ((!only || only === 'e2e') && fs.existsSync(path.join(root, 'e2e/vitest.config.ts'))) streams.push(journeys());
await Promise.all(streams);

// seconds per file of this run: e2e/durations.json takes the journeys' (the shards are dealt by it)
const journeySeconds = Object.fromEntries(
  Object.entries(fileSeconds)
    .filter(([f]) => f.startsWith('e2e/'))
    .sort(),
);
if (Object.keys(journeySeconds).length) console.log(`\njourney seconds: ${JSON.stringify(journeySeconds)}`);
if (failedTests.length) console.log(`\nfailed tests:\n  ${failedTests.join('\n  ')}`);
console.log(`\n${failures.length ? `FAILED steps: ${failures.join(', ')}` : 'all steps green'} (${clock()})`);
console.log(`tests: ${tally.passed} passed, ${tally.failed} failed, ${tally.skipped} skipped`);
process.exit(failures.length ? 1 : 0);
