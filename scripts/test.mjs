#!/usr/bin/env node
// `npm test`: typecheck, lint and the web units, then the database suites on PGlite (and on PostgreSQL and the
// cluster checks when DATABASE_URL is set) and, beside them, the browser journeys; suites and journeys run in shards.
// Ends with one "N passed, N failed" line. Steps that do not share state run side by side (each suite shard has its
// own database, each journey shard its own server): the suites keep the cores busy while the journeys mostly wait,
// so a run fits in 30 minutes on 2 cores. Each step's output is kept apart and printed whole when it ends.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { URL } from 'node:url';
import pg from 'pg';

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
    // the longer of the two engines' runs of a file
    for (const f of j.testResults) {
      const file = path.relative(root, f.name);
      fileSeconds[file] = Math.max(fileSeconds[file] ?? 0, Math.round((f.endTime - f.startTime) / 1000));
    }
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

const API_SHARDS = Math.max(1, Number(process.env.API_SHARDS) || 2);

// each engine's suite in shards, each its own process with its own database (PGlite's in memory, PostgreSQL's a
// database of its own beside DATABASE_URL's): one process runs its files in sequence on one core, and the suites'
// last minutes, after the journeys, left the other core idle
function apiOnPglite() {
  const shards = apiShards(API_SHARDS);
  return Promise.all(
    shards.map((sh, i) => vitest(`api on PGlite ${i + 1}/${shards.length} (~${sh.seconds} s)`, 'vitest.config.ts', { TEST_DB: 'pglite' }, sh.files)),
  );
}

async function onServer(url, sql) {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    await c.query(sql);
  } finally {
    await c.end();
  }
}

async function apiOnPostgres() {
  const shards = apiShards(API_SHARDS);
  const given = process.env.DATABASE_URL;
  await Promise.all(
    shards.map(async (sh, i) => {
      const url = new URL(given);
      const own = i > 0 && `${url.pathname.slice(1)}_shard${i + 1}`;
      if (own) {
        await onServer(given, `drop database if exists ${own} with (force)`);
        await onServer(given, `create database ${own}`);
        url.pathname = `/${own}`;
      }
      // the statements of every tenant transaction are logged, then checked for tenant_id conditions (Citus)
      const sqlLog = path.join(os.tmpdir(), `erp-sql-${process.pid}-${i + 1}.log`);
      fs.rmSync(sqlLog, { force: true });
      const name = `${i + 1}/${shards.length}`;
      await vitest(
        `api on PostgreSQL ${name} (~${sh.seconds} s)`,
        'vitest.config.ts',
        { TEST_DB: 'postgres', DATABASE_URL: url.href, ERP_SQL_LOG: sqlLog },
        sh.files,
      );
      const ok = await run(`tenant filters ${name}`, 'node', ['--import', 'tsx', 'scripts/check-tenant-filters.ts', sqlLog]);
      tally[ok ? 'passed' : 'failed'] += 1;
      fs.rmSync(sqlLog, { force: true });
      if (own) await onServer(given, `drop database if exists ${own} with (force)`);
    }),
  );
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
 * Files dealt into `n` shards of about equal length: longest first, each to the shard with the least so far, by the
 * seconds `known` gives (a file it does not name counts as `fallback`). Vitest's own --shard splits by file count,
 * which left one journey shard twice as long as the other.
 */
function deal(files, known, fallback, n) {
  const shards = Array.from({ length: n }, () => ({ seconds: 0, files: [] }));
  const weighed = files.map((f) => [f, known[f] ?? fallback]).sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
  for (const [file, seconds] of weighed) {
    const least = shards.reduce((a, b) => (b.seconds < a.seconds ? b : a));
    least.files.push(file);
    least.seconds += seconds;
  }
  return shards.filter((sh) => sh.files.length);
}

const readJson = (file) => JSON.parse(fs.readFileSync(path.join(root, file), 'utf8'));
const median = (o) => Object.values(o).sort((a, b) => a - b)[Math.floor(Object.keys(o).length / 2)];

function journeyShards(n) {
  const known = readJson('e2e/durations.json');
  const files = fs
    .readdirSync(path.join(root, 'e2e'))
    .filter((f) => f.endsWith('.test.ts'))
    .map((f) => `e2e/${f}`);
  return deal(files, known, median(known) ?? 60, n);
}

/** The database suites' files (vitest.config.ts's include), dealt by apps/server/test-durations.json. */
function apiShards(n) {
  const files = ['apps/server/src', 'packages']
    .flatMap((dir) => fs.readdirSync(path.join(root, dir), { recursive: true }).map((f) => `${dir}/${f}`))
    .filter((f) => /^(apps\/server\/src|packages\/[^/]+\/src)\/.*__tests__\/.*\.test\.ts$/.test(f) && !f.includes('node_modules'));
  const known = readJson('apps/server/test-durations.json');
  return deal(files, known, median(known) ?? 5, n);
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
const hasPg = Boolean(process.env.DATABASE_URL);
const steps = [];
if (!only) steps.push(run('typecheck', 'npm', ['run', '-s', 'typecheck']), run('lint', 'npm', ['run', '-s', 'lint']));
if (!only || only === 'web') steps.push(vitest('web units', 'apps/web/vitest.config.ts', {}));
await Promise.all(steps);
const streams = [];
if (!only || only === 'api') {
  streams.push(apiOnPglite());
  if (!hasPg) console.log('\n(DATABASE_URL not set: the PostgreSQL run of the database suites is skipped)');
}
// the cluster checks start several servers against PostgreSQL: after its suite, beside PGlite's (the longer one)
if (hasPg && (!only || only === 'api' || only === 'cluster'))
  streams.push((only === 'cluster' ? Promise.resolve() : apiOnPostgres()).then(() => (only === 'api' ? undefined : cluster())));
if ((!only || only === 'e2e') && fs.existsSync(path.join(root, 'e2e/vitest.config.ts'))) streams.push(journeys());
await Promise.all(streams);

// seconds per file of this run: e2e/durations.json and apps/server/test-durations.json take them (shards are dealt by them)
const secondsOf = (keep) =>
  JSON.stringify(
    Object.fromEntries(
      Object.entries(fileSeconds)
        .filter(([f]) => keep(f))
        .sort(),
    ),
  );
if (Object.keys(fileSeconds).some((f) => f.startsWith('e2e/'))) console.log(`\njourney seconds: ${secondsOf((f) => f.startsWith('e2e/'))}`);
const isApi = (f) => f.startsWith('apps/server/') || f.startsWith('packages/');
if (Object.keys(fileSeconds).some(isApi)) console.log(`\napi seconds: ${secondsOf(isApi)}`);
if (failedTests.length) console.log(`\nfailed tests:\n  ${failedTests.join('\n  ')}`);
console.log(`\n${failures.length ? `FAILED steps: ${failures.join(', ')}` : 'all steps green'} (${clock()})`);
console.log(`tests: ${tally.passed} passed, ${tally.failed} failed, ${tally.skipped} skipped`);
process.exit(failures.length ? 1 : 0);
