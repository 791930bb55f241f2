import { describe, expect, it } from 'vitest';
import { login, newTenant, testApp } from '../../../test-support/harness.ts';

// Issue 10, findings 3, 4 and 7: each was a 500 or stored as it came.
describe('hostile input found by the attack sweep', async () => {
  const { app } = await testApp();
  const t = await newTenant(app, 'atk');

  it('refuses a NUL character in any string, naming the field (finding 3)', async () => {
    const depot = await t.api.post('/depot/add', { name: 'a\u0000b' });
    expect(depot.status).toBe(400);
    expect(depot.body.data.message).toContain('body.name');
    const doc = await t.api.post('/depotHead/addDepotHeadAndDetail', {
      info: { type: '入库', subType: '其它', operTime: '2026-11-21 10:00:00', remark: 'x\u0000' },
      rows: [{ barCode: 'X', operNumber: 1, depotId: 1 }],
    });
    expect(doc.status).toBe(400);
    expect(doc.body.data.message).toContain('body.info.remark');
    const q = await t.api.get('/depot/list?currentPage=1&pageSize=5&search=%00');
    expect(q.status).toBe(400);
    expect(q.body.data.message).toContain('query.search');
    const deep = await t.api.post('/depot/add', JSON.parse(`${'{"a":'.repeat(60)}1${'}'.repeat(60)}`));
    expect(deep.status).toBe(400);
  });

  it('answers a malformed percent-escape in superQueryParams with a 400 on lists and exports (finding 4)', async () => {
    for (const url of ['/material/list?currentPage=1&pageSize=5&superQueryParams=%25', '/depot/list?superQueryParams=%25E4%25']) {
      const r = await t.api.get(url);
      expect(r.status, url).toBe(400);
      expect(r.body.data.message, url).toContain('superQueryParams');
    }
    const exported = await t.api.post('/material/exportExcel', { superQueryParams: '%' });
    expect(exported.status).toBe(400);
  });

  it('keeps message titles and remarks plain text and opens only app routes or http(s) addresses (finding 7)', async () => {
    const jsh = await login(app, 'jsh');
    const me = String(jsh.data.user.id);
    const send = (extra: object) => jsh.api.post('/msg/saveMsg', { type: '0', msgTitle: '到货', msgContent: '<p>ok</p>', userIds: me, ...extra });
    for (const bad of [
      { msgTitle: '<script>alert(1)</script>' },
      { remark: '<img src=x onerror=alert(1)>' },
      { openPage: 'javascript:alert(1)' },
      { openPage: '//evil.example/x' },
    ]) {
      const r = await send(bad);
      expect(r.status, JSON.stringify(bad)).toBe(400);
    }
    for (const good of [{ msgTitle: '库存<5的商品' }, { openPage: '/bill/sale_out?number=XSCK1' }, { openPage: 'https://example.com/a' }]) {
      expect((await send(good)).body.code, JSON.stringify(good)).toBe(200);
    }
  });
});

describe('security headers (finding 8)', async () => {
  const { app } = await testApp();
  it('sends a Content-Security-Policy, nosniff, a referrer policy and framing by this origin only', async () => {
    const r = await app.inject({ method: 'GET', url: '/api/platform/info' });
    expect(r.headers['x-content-type-options']).toBe('nosniff');
    expect(r.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    const csp = String(r.headers['content-security-policy']);
    for (const d of ["default-src 'self'", "script-src 'self'", "frame-ancestors 'self'", "object-src 'none'"]) expect(csp).toContain(d);
  });
});
