#!/usr/bin/env node
// `npm test`: typecheck, lint, the database suites on PGlite (and on PostgreSQL when
// DATABASE_URL is set), then the browser journeys. Ends with one "N passed, N failed" line.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const tally = { passed: 0, failed: 0, skipped: 0 };
const failures = [];

function run(name, cmd, args, env = {}) {
  console.log(`\n=== ${name}`);
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  if (r.status !== 0) failures.push(name);
  return r.status === 0;
}

function vitest(name, config, env) {
  const out = path.join(os.tmpdir(), `vitest-${process.pid}-${name.replace(/\W+/g, '_')}.json`);
  const ok = run(name, 'npx', ['vitest', 'run', '--config', config, '--reporter=default', '--reporter=json', `--outputFile=${out}`], env);
  try {
    const j = JSON.parse(fs.readFileSync(out, 'utf8'));
    tally.passed += j.numPassedTests;
    tally.failed += j.numFailedTests;
    tally.skipped += j.numPendingTests + (j.numTodoTests ?? 0);
    // tests that passed only on a retry (the journeys retry lost clicks): named, so flakiness stays visible
    const retried = j.testResults.flatMap((f) => f.assertionResults.filter((t) => t.status === 'passed' && t.failureMessages.length));
    for (const t of retried) console.log(`passed on retry: ${t.fullName}\n  first failure: ${t.failureMessages[0].split('\n')[0]}`);
  } catch {
    if (!ok) tally.failed += 1; // the runner itself failed before reporting
  }
  return ok;
}

const only = process.argv[2]; // optional: web | api | cluster | e2e
if (!only) {
  run('typecheck', 'npm', ['run', '-s', 'typecheck']);
  run('lint', 'npm', ['run', '-s', 'lint']);
}
if (!only || only === 'web') vitest('web units', 'apps/web/vitest.config.ts', {});
if (!only || only === 'api') {
  vitest('api on PGlite', 'vitest.config.ts', { TEST_DB: 'pglite' });
  if (process.env.DATABASE_URL) {
    // the statements of every tenant transaction are logged, then checked for tenant_id conditions (Citus)
    const sqlLog = path.join(os.tmpdir(), `erp-sql-${process.pid}.log`);
    fs.rmSync(sqlLog, { force: true });
    vitest('api on PostgreSQL', 'vitest.config.ts', { TEST_DB: 'postgres', ERP_SQL_LOG: sqlLog });
    const ok = run('tenant filters', 'node', ['--import', 'tsx', 'scripts/check-tenant-filters.ts', sqlLog]);
    tally[ok ? 'passed' : 'failed'] += 1;
    fs.rmSync(sqlLog, { force: true });
  } else console.log('\n(DATABASE_URL not set: the PostgreSQL run of the database suites is skipped)');
}
// several instances behind HAProxy with PgBouncer (scripts/cluster): needs the PostgreSQL server and both tools
if ((!only || only === 'cluster') && process.env.DATABASE_URL) {
  const have = (bin) => spawnSync('sh', ['-c', `command -v ${bin}`]).status === 0;
  if (!have('haproxy') || !have('pgbouncer')) {
    console.log('\n(haproxy or pgbouncer missing: the cluster checks are skipped; .ci/run installs both)');
  } else {
    console.log('\n=== cluster');
    const r = spawnSync('npm', ['run', '-s', 'test:cluster'], { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] });
    process.stdout.write(r.stdout ?? '');
    const m = /cluster: (\d+) passed, (\d+) failed/.exec(r.stdout ?? '');
    tally.passed += m ? Number(m[1]) : 0;
    tally.failed += m ? Number(m[2]) : 1;
    if (r.status !== 0) failures.push('cluster');
  }
}
if ((!only || only === 'e2e') && fs.existsSync(path.join(root, 'e2e/vitest.config.ts'))) {
  vitest('browser journeys', 'e2e/vitest.config.ts', {});
}

console.log(`\n${failures.length ? `FAILED steps: ${failures.join(', ')}` : 'all steps green'}`);
console.log(`tests: ${tally.passed} passed, ${tally.failed} failed, ${tally.skipped} skipped`);
process.exit(failures.length ? 1 : 0);
