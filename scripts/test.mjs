#!/usr/bin/env node
// `npm test`: typecheck, lint, the database suites on PGlite (and on PostgreSQL when
// DATABASE_URL is set), then the browser journeys. Ends with one "N passed, N failed" line.
// Steps that do not share state run side by side (each engine's suite has its own database),
// their output kept apart and printed whole when each ends, so a run fits in 30 minutes on 2 cores.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const tally = { passed: 0, failed: 0, skipped: 0 };
const failures = [];
const started = Date.now();
const clock = () => `${Math.round((Date.now() - started) / 1000)} s`;

/** One step in the background; its output goes to a file, printed when it ends. Resolves to its success. */
function run(name, cmd, args, env = {}) {
  const logFile = path.join(os.tmpdir(), `erp-test-${process.pid}-${name.replace(/\W+/g, '_')}.log`);
  const out = fs.openSync(logFile, 'w');
  const t0 = Date.now();
  const child = spawn(cmd, args, { cwd: root, stdio: ['ignore', out, out], env: { ...process.env, ...env } });
  return new Promise((resolve) => {
    child.on('close', (code) => {
      fs.closeSync(out);
      console.log(`\n=== ${name} (${Math.round((Date.now() - t0) / 1000)} s, ended at ${clock()})`);
      process.stdout.write(fs.readFileSync(logFile, 'utf8'));
      fs.rmSync(logFile, { force: true });
      if (code !== 0) failures.push(name);
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
  const r = spawnSync('npm', ['run', '-s', 'test:cluster'], { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] });
  console.log(`\n=== cluster (ended at ${clock()})`);
  process.stdout.write(r.stdout ?? '');
  const m = /cluster: (\d+) passed, (\d+) failed/.exec(r.stdout ?? '');
  tally.passed += m ? Number(m[1]) : 0;
  tally.failed += m ? Number(m[2]) : 1;
  if (r.status !== 0) failures.push('cluster');
}

const only = process.argv[2]; // optional: web | api | cluster | e2e
const pg = Boolean(process.env.DATABASE_URL);
const steps = [];
if (!only) steps.push(run('typecheck', 'npm', ['run', '-s', 'typecheck']), run('lint', 'npm', ['run', '-s', 'lint']));
if (!only || only === 'web') steps.push(vitest('web units', 'apps/web/vitest.config.ts', {}));
await Promise.all(steps);
if (!only || only === 'api') {
  const suites = [vitest('api on PGlite', 'vitest.config.ts', { TEST_DB: 'pglite' })];
  if (pg) suites.push(apiOnPostgres());
  else console.log('\n(DATABASE_URL not set: the PostgreSQL run of the database suites is skipped)');
  await Promise.all(suites);
}
if ((!only || only === 'cluster') && pg) await cluster();
if ((!only || only === 'e2e') && fs.existsSync(path.join(root, 'e2e/vitest.config.ts'))) {
  // journeys mostly wait (for the server, animations, pushes): two shards, each with its own server and browser, run
  // side by side (E2E_SHARDS=1 runs them in one stream)
  const shards = Math.max(1, Number(process.env.E2E_SHARDS) || 2);
  const streams = Array.from({ length: shards }, (_, i) =>
    vitest(`browser journeys ${i + 1}/${shards}`, 'e2e/vitest.config.ts', {}, shards > 1 ? [`--shard=${i + 1}/${shards}`] : []),
  );
  await Promise.all(streams);
}

console.log(`\n${failures.length ? `FAILED steps: ${failures.join(', ')}` : 'all steps green'} (${clock()})`);
console.log(`tests: ${tally.passed} passed, ${tally.failed} failed, ${tally.skipped} skipped`);
process.exit(failures.length ? 1 : 0);
