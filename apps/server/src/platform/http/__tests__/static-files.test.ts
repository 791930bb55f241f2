import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../app.ts';
import { ENGINE, testApp } from '../../../test-support/harness.ts';

describe(`the web app's files (${ENGINE})`, async () => {
  const { db } = await testApp();
  const webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'erp-dist-'));
  fs.mkdirSync(path.join(webDist, 'assets'));
  fs.writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>ERP</title>');
  fs.writeFileSync(path.join(webDist, 'assets', 'index-Ab12Cd34.js'), 'console.log(1)');
  fs.writeFileSync(path.join(webDist, 'logo.svg'), '<svg/>');
  const app = await buildApp({ config: { apiBase: '/api', webDist, logLevel: 'silent' }, db, logger: false });
  afterAll(async () => {
    await app.close();
    fs.rmSync(webDist, { recursive: true, force: true });
  });

  it('lets browsers keep the hashed chunks for good and ask for index.html anew', async () => {
    const chunk = await app.inject('/assets/index-Ab12Cd34.js');
    expect(chunk.statusCode).toBe(200);
    expect(chunk.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    for (const url of ['/', '/bill/sale_out', '/logo.svg']) {
      const r = await app.inject(url);
      expect(r.statusCode, url).toBe(200);
      expect(r.headers['cache-control'], url).toBe('no-cache');
    }
    expect((await app.inject('/bill/sale_out')).body).toContain('<title>ERP</title>');
  });

  it('answers an unknown API path with the envelope, not the app', async () => {
    const r = await app.inject('/api/nothing/here');
    expect(r.statusCode).toBe(404);
    expect(r.json().data.message).toContain('接口不存在');
  });
});
