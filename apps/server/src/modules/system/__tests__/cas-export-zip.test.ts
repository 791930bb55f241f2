import http from 'node:http';
import type { AddressInfo } from 'node:net';
import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, login, newTenant, testApp } from '../../../test-support/harness.ts';
import { newWorkbook } from '../../../platform/spreadsheet.ts';
import { line, saved, world } from '../../inventory/__tests__/fixtures.ts';

/**
 * A small CAS-protocol responder: /cas/serviceValidate answers a CAS 2.0 serviceResponse. Ticket ST-<name> was issued
 * (or ST-<n>-<name>) to user <name> for the service http://erp.test/ (once: a second use fails, as CAS tickets do).
 */
function startCas() {
  const used = new Set<string>();
  const server = http.createServer((req, res) => {
    const u = new URL(req.url ?? '/', 'http://cas');
    res.setHeader('content-type', 'application/xml; charset=utf-8');
    if (u.pathname !== '/cas/serviceValidate') return res.writeHead(404).end();
    const ticket = u.searchParams.get('ticket') ?? '';
    const ns = 'xmlns:cas="http://www.yale.edu/tp/cas"';
    const fail = (code: string, text: string) =>
      res.end(`<cas:serviceResponse ${ns}><cas:authenticationFailure code="${code}">${text}</cas:authenticationFailure></cas:serviceResponse>`);
    if (u.searchParams.get('service') !== 'http://erp.test/') return fail('INVALID_SERVICE', 'service mismatch');
    if (!ticket.startsWith('ST-') || used.has(ticket)) return fail('INVALID_TICKET', `Ticket ${ticket} not recognized`);
    used.add(ticket);
    res.end(
      `<cas:serviceResponse ${ns}><cas:authenticationSuccess><cas:user>${ticket.slice(3).replace(/^\d+-/, '')}</cas:user>` +
        `<cas:attributes><cas:mail>x@example.com</cas:mail></cas:attributes></cas:authenticationSuccess></cas:serviceResponse>`,
    );
  });
  return new Promise<{ url: string; close: () => Promise<void> }>((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({ url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/cas`, close: () => new Promise((r) => server.close(() => r())) }),
    ),
  );
}

describe('CAS sign-in, document export and zip download', async () => {
  const { app } = await testApp();
  let cas: Awaited<ReturnType<typeof startCas>>;
  beforeAll(async () => {
    cas = await startCas();
  });
  afterAll(() => cas.close());

  it('validates a CAS ticket against the configured server and signs its user in', async () => {
    const anon = client(app);
    const admin = await login(app, 'admin');
    const validate = (ticket: string, service = 'http://erp.test/') =>
      anon.get(`/cas/client/validateLogin?ticket=${encodeURIComponent(ticket)}&service=${encodeURIComponent(service)}`);
    const setCas = (v: string) => admin.api.put('/platformConfig/update', { platformKey: 'cas_server_url', platformValue: v });
    expect((await setCas('ftp://x')).body.data.message).toContain('CAS服务地址须以 http(s):// 开头');
    expect((await setCas('')).body.code).toBe(200);
    expect((await validate('ST-jsh')).body.data.message).toBe('未配置CAS单点登录服务');
    try {
      expect((await setCas(cas.url)).body.code).toBe(200);
      const ok = await validate('ST-jsh');
      expect(ok.body.data, ok.text).toMatchObject({ msgTip: 'user can login', user: { loginName: 'jsh' } });
      const me = await client(app, ok.body.data.token).get('/user/infoWithTenant');
      expect(me.status, me.text).toBe(200);
      // a ticket is good once
      expect((await validate('ST-jsh')).body.data.message).toBe('CAS票据校验失败：INVALID_TICKET Ticket ST-jsh not recognized');
      expect((await validate('ST-jsh2', 'http://other.test/')).body.data.message).toContain('INVALID_SERVICE');
      // the POST form answers the same
      const posted = await anon.post('/cas/client/validateLogin', { ticket: 'ST-3-jsh', service: 'http://erp.test/' });
      expect(posted.body.data.msgTip).toBe('user can login');
      // a CAS user without an account here
      expect((await validate('ST-nobody_here')).body.data).toMatchObject({ msgTip: 'user is not exist' });
      expect((await validate('bad ticket!')).status).toBe(400);
      expect((await validate('ST-x', 'javascript:alert(1)')).status).toBe(400);
      // the server is unreachable
      expect((await setCas('http://127.0.0.1:1/cas')).body.code).toBe(200);
      expect((await validate('ST-jsh4')).body.data.message).toBe('CAS服务无法访问，请稍后再试');
    } finally {
      await setCas('');
    }
  });

  it('exports a document list (filters or selected ids) as .xls with the MMddhhmmss suffix', async () => {
    const t = await newTenant(app, 'exp');
    const w = await world(t.api);
    await w.material('导出品', 'EX-1');
    const a = await saved(t.api, '入库', '采购', [line('EX-1', 5, 2, w.depotA)], { organId: w.supplier, remark: '第一张' });
    const b = await saved(t.api, '入库', '采购', [line('EX-1', 3, 4, w.depotA)], { organId: w.supplier, remark: '第二张' });
    const exported = (body: object) => app.inject({ method: 'POST', url: '/api/depotHead/exportExcel', headers: { 'x-access-token': t.token }, payload: body });
    const rowsOf = async (data: Buffer) => {
      const wb = await newWorkbook();
      await wb.xlsx.load(data as unknown as ArrayBuffer);
      const out: unknown[][] = [];
      wb.worksheets[0]!.eachRow((row) => out.push((row.values as unknown[]).slice(1)));
      return out;
    };
    const all = await exported({ type: '入库', subType: '采购' });
    expect(all.statusCode, all.body).toBe(200);
    expect(decodeURIComponent(String(all.headers['download-filename']))).toMatch(/^采购入库\d{10}\.xls$/);
    const sheet = await rowsOf(all.rawPayload);
    expect(sheet[0]!.slice(0, 3)).toEqual(['单据编号', '单据日期', '往来单位']);
    expect(
      sheet
        .slice(1)
        .map((r) => r[0])
        .sort(),
    ).toEqual([a.number, b.number].sort());
    const second = sheet.find((r) => r[0] === b.number)!;
    expect(second[2]).toBe('供应商一');
    expect(second[5]).toBe(12);
    expect(second[9]).toBe('未审核');
    // the selected rows only
    const picked = await rowsOf((await exported({ type: '入库', subType: '采购', ids: String(a.id) })).rawPayload);
    expect(picked.slice(1).map((r) => r[0])).toEqual([a.number]);
    // the list's filters apply
    const filtered = await rowsOf((await exported({ type: '入库', subType: '采购', remark: '第二' })).rawPayload);
    expect(filtered.slice(1).map((r) => r[0])).toEqual([b.number]);
    // nothing to export
    const none = await exported({ type: '出库', subType: '销售' });
    expect(JSON.parse(none.body).data.message).toBe('导出异常请联系管理员');
    expect((await exported({ type: '入库', subType: '采购', ids: '1;drop' })).statusCode).toBe(400);
    // another company's documents are not in its export
    const other = await newTenant(app, 'exp');
    const res = await app.inject({
      method: 'POST',
      url: '/api/depotHead/exportExcel',
      headers: { 'x-access-token': other.token },
      payload: { type: '入库', subType: '采购', ids: `${a.id},${b.id}` },
    });
    expect(JSON.parse(res.body).data.message).toBe('导出异常请联系管理员');
  });

  it('zips several uploaded files under their original names', async () => {
    const t = await newTenant(app, 'zip');
    const upload = async (name: string, data: string) => {
      const boundary = 'b0undary';
      const payload = Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n${data}\r\n--${boundary}--\r\n`,
      );
      const res = await app.inject({
        method: 'POST',
        url: '/api/common/uploadMinio',
        headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, 'x-access-token': t.token },
        payload,
      });
      expect(res.statusCode, res.body).toBe(200);
      return JSON.parse(res.body).data.fileName as string;
    };
    const f1 = await upload('合同.txt', '甲方乙方');
    const f2 = await upload('报价.txt', 'price list');
    const f3 = await upload('合同.txt', 'second contract');
    const res = await app.inject({
      method: 'POST',
      url: '/api/common/downloadZip',
      headers: { 'x-access-token': t.token },
      payload: { fileNames: [f1, f2, f3] },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(decodeURIComponent(String(res.headers['download-filename']))).toMatch(/^附件\d{10}\.zip$/);
    const zip = await JSZip.loadAsync(res.rawPayload);
    expect(Object.keys(zip.files).sort()).toEqual(['合同(2).txt', '合同.txt', '报价.txt'].sort());
    expect(await zip.file('合同.txt')!.async('string')).toBe('甲方乙方');
    expect(await zip.file('合同(2).txt')!.async('string')).toBe('second contract');
    expect(await zip.file('报价.txt')!.async('string')).toBe('price list');
    // another company cannot reach these files; bad paths and empty lists are refused
    const other = await newTenant(app, 'zip');
    const theirs = await app.inject({
      method: 'POST',
      url: '/api/common/downloadZip',
      headers: { 'x-access-token': other.token },
      payload: { fileNames: [f1] },
    });
    expect(JSON.parse(theirs.body)).toMatchObject({ code: 404, data: { message: '未知的文件: 合同.txt' } });
    expect((await t.api.post('/common/downloadZip', { fileNames: ['../../etc/passwd'] })).status).toBe(400);
    expect((await t.api.post('/common/downloadZip', { fileNames: [] })).body.data.message).toContain('请选择要下载的文件');
    expect((await client(app).post('/common/downloadZip', { fileNames: [f1] })).status).toBe(401);
  });
});
