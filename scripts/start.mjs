#!/usr/bin/env node
// `npm start`: rebuilds the web app and the server bundle when their sources are newer than the
// builds, then serves API + web on PORT (3000) with the embedded database in DATA_DIR (./data).
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { buildServer, SERVER_ENV, SERVER_NODE_FLAGS } from './build-server.mjs';

const root = path.resolve(import.meta.dirname, '..');
const web = path.join(root, 'apps/web');
const stamp = path.join(web, 'dist/index.html');

function newest(p) {
  if (!fs.existsSync(p)) return 0;
  const st = fs.statSync(p);
  if (!st.isDirectory()) return st.mtimeMs;
  return Math.max(0, ...fs.readdirSync(p).map((f) => newest(path.join(p, f))));
}

const sources = ['src', 'index.html', 'vite.config.ts', 'package.json'].map((f) => newest(path.join(web, f)));
const builtAt = fs.existsSync(stamp) ? fs.statSync(stamp).mtimeMs : 0;
if (Math.max(...sources, newest(path.join(root, 'packages/entities/src'))) > builtAt) {
  console.log('Building the web app …');
  const r = spawnSync('npm', ['run', 'build', '-w', '@erp/web'], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

const bundle = path.join(root, 'apps/server/dist/main.js');
const bundledAt = fs.existsSync(bundle) ? fs.statSync(bundle).mtimeMs : 0;
const serverSources = ['apps/server/src', 'packages/entities/src', 'apps/server/package.json'].map((p) => newest(path.join(root, p)));
if (Math.max(...serverSources) > bundledAt) {
  console.log('Building the server …');
  await buildServer();
}

const server = spawn(process.execPath, [...SERVER_NODE_FLAGS, 'apps/server/dist/main.js'], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, ...SERVER_ENV },
});
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => server.kill(sig));
server.on('exit', (code) => process.exit(code ?? 0));
