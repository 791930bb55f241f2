#!/usr/bin/env node
// Bundles the server to apps/server/dist/main.js (our code and @erp/entities; npm packages stay
// external). Production runs this JS, so no TypeScript compiler sits in the server's memory.
import fs from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

const root = path.resolve(import.meta.dirname, '..');
const serverPkg = JSON.parse(fs.readFileSync(path.join(root, 'apps/server/package.json'), 'utf8'));
// the embedded PostgreSQL packages find their binaries beside their own file, so they stay external too
const external = Object.keys({ ...serverPkg.dependencies, ...serverPkg.optionalDependencies }).filter((d) => !d.startsWith('@erp/'));

/**
 * Node flags the server runs with. A smaller young generation keeps memory under load within
 * the budget (bench/RESULTS.md) at little cost in throughput.
 */
export const SERVER_NODE_FLAGS = ['--max-semi-space-size=8'];

/**
 * Environment the server runs with. glibc gives each thread that allocates its own malloc arena (up to 8 per
 * core); V8's helper threads then kept ~60–80 MB of native memory in the first run (migrations and the demo
 * seed), which pushed its peak RSS past the 300 MB budget. Two arenas hold it (bench/RESULTS.md,
 * decisions.md "First-run memory"); other C libraries ignore the variable. A value already set wins.
 */
export const SERVER_ENV = { MALLOC_ARENA_MAX: process.env.MALLOC_ARENA_MAX || '2' };

export async function buildServer() {
  await build({
    entryPoints: [path.join(root, 'apps/server/src/main.ts')],
    outfile: path.join(root, 'apps/server/dist/main.js'),
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    external,
    sourcemap: true,
    logLevel: 'warning',
  });
}

if (import.meta.url === `file://${process.argv[1]}`) await buildServer();
