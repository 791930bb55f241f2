import { describe, expect, it } from 'vitest';
import { client, login, testApp } from '../../../test-support/harness.ts';

/** Malformed input is answered with a 4xx envelope naming the problem, never a 500, never a write. */
describe('bad input', async () => {
  const { app, db } = await testApp();
  const anon = client(app);

  it('answers malformed JSON with 400', async () => {
    const r = await anon.post('/user/login', '{"loginName": "jsh",');
    expect(r.status).toBe(400);
    expect(r.body.code).toBe(400);
    expect(r.body.data.message).toMatch(/JSON/);
  });

  it('answers wrong types and missing fields with 400 naming the field', async () => {
    const r = await anon.post('/user/login', { loginName: 42, password: true });
    expect(r.status).toBe(400);
    expect(r.body.data.message).toMatch(/loginName/);
    expect((await anon.post('/user/login', {})).status).toBe(400);
  });

  it('rejects unknown and forbidden fields instead of passing them on', async () => {
    const r = await anon.post('/user/login', { loginName: 'jsh', password: 'e10adc3949ba59abbe56e057f20f883e', tenant_id: 3, deleteFlag: '1' });
    expect(r.status).toBe(400);
    expect(r.body.data.message).toMatch(/tenant_id/);
  });

  it('answers huge bodies with 400', async () => {
    const r = await anon.post('/user/login', { loginName: 'jsh', password: 'x'.repeat(2 * 1024 * 1024) });
    expect(r.status).toBe(400);
    expect(r.body.code).toBe(400);
  });

  it('answers SQL-looking text with a 4xx and leaves the data alone', async () => {
    const before = await db.system((tx) => tx.one<{ n: number }>('select count(*)::int as n from account'));
    const r = await anon.post('/user/login', { loginName: "jsh' or '1'='1", password: 'e10adc3949ba59abbe56e057f20f883e' });
    expect(r.status).toBe(400);
    const reg = await anon.post('/user/registerUser', { loginName: "x'; drop table account; --", password: 'abc123' });
    expect(reg.status).toBe(400);
    const after = await db.system((tx) => tx.one<{ n: number }>('select count(*)::int as n from account'));
    expect(after!.n).toBe(before!.n);
  });

  it('answers unknown API paths with a 404 envelope and wrong content types with 400', async () => {
    const r = await anon.get('/no/such/call');
    expect(r.status).toBe(404);
    expect(r.body.code).toBe(404);
    const s = await login(app, 'jsh');
    const t = await app.inject({
      method: 'POST',
      url: '/api/function/findMenuByPNumber',
      headers: { 'x-access-token': s.token, 'content-type': 'text/xml' },
      payload: '<a/>',
    });
    expect(t.statusCode).toBe(400);
  });

  it('serves the OpenAPI description at /docs', async () => {
    const r = await app.inject({ url: '/docs/json' });
    const doc = JSON.parse(r.body);
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toContain('/user/login');
    expect(doc.paths['/user/login'].post.requestBody).toBeDefined();
  });
});
