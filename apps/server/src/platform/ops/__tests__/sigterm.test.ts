import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { ENGINE } from '../../../test-support/harness.ts';
import { ROOT } from '../../root.ts';
import { openDatabase } from '../../db/database.ts';
import { migrate } from '../../db/migrate.ts';

describe(`the server process (${ENGINE})`, () => {
  it('exits cleanly on SIGTERM and the database reopens', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'erp-sigterm-'));
    const port = 20000 + Math.floor(Math.random() * 20000);
    // no scheduled reminders: on PostgreSQL this server shares the database with the other suites
    const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, SEED_DEMO: 'false', LOG_LEVEL: 'warn', REMINDER_INTERVAL_MINUTES: '0' };
    if (ENGINE === 'pglite') delete env.DATABASE_URL;
    const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], { cwd: ROOT, env, stdio: 'ignore' });
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    try {
      let up = false;
      for (let i = 0; i < 120 && !up; i++) {
        up = await fetch(`http://127.0.0.1:${port}/ready`).then((r) => r.ok, () => false);
        if (!up) await new Promise((r) => setTimeout(r, 250));
      }
      expect(up).toBe(true);
      child.kill('SIGTERM');
      expect(await exited).toBe(0);
      // PGlite closed cleanly: it opens again with nothing to migrate
      const db = await openDatabase({ databaseUrl: ENGINE === 'postgres' ? process.env.DATABASE_URL : undefined, dataDir });
      expect(await migrate(db)).toEqual([]);
      await db.close();
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 60_000);
});
