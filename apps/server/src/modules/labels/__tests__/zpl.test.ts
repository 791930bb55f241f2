import { createServer, type Server } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { newTenant, testApp } from '../../../test-support/harness.ts';
import { addTemplate, getFile, materialWithCode } from './label-fixtures.ts';

/** A real TCP listener standing in for a label printer on port 9100: what it received, per connection. */
async function fakePrinter(): Promise<{ server: Server; port: number; received: () => Promise<string> }> {
  const jobs: Array<Promise<string>> = [];
  const server = createServer((socket) => {
    jobs.push(
      new Promise((resolve) => {
        const chunks: Buffer[] = [];
        socket.on('data', (c) => chunks.push(c));
        socket.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
      }),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;
  return { server, port, received: async () => (await Promise.all(jobs)).join('') };
}

describe('ZPL labels: the text, and raw TCP to a network printer', async () => {
  // the printers the server may reach (zpl.ts): the test's listeners on this machine
  process.env.ERP_LABEL_PRINTERS = '127.0.0.1:*';
  const { app } = await testApp();
  const t = await newTenant(app, 'zpl');
  const api = t.api;
  const code = `ZP-${Date.now().toString().slice(-7)}`;
  const bolt = await materialWithCode(api, '螺栓', code);
  const ean = await materialWithCode(api, '垫圈', '690123456789');
  const printer = await fakePrinter();
  afterAll(() => new Promise<void>((resolve) => printer.server.close(() => resolve())));

  it('writes one ^XA…^XZ per record with ^BC, ^BQ or ^BE and the copies in ^PQ', async () => {
    const c128 = await addTemplate(api);
    const r = await getFile(app, t.token, '/labels/zpl', { templateId: c128, ids: [bolt, ean], copies: [3, 2], batch: 'B-7' });
    expect(r.headers['content-type']).toBe('application/octet-stream');
    const zpl = r.bytes.toString('utf8');
    expect(zpl.match(/\^XA/g)).toHaveLength(2);
    expect(zpl).toMatch(new RegExp(`\\^XA[\\s\\S]*\\^BCN[^\\n]*\\n\\^FH_\\^FD${code}\\^FS[\\s\\S]*\\^PQ3\\n\\^XZ`));
    expect(zpl).toContain('^FH_^FD批号 B-7^FS');
    expect(zpl).toContain('^PQ2\n^XZ');
    const qr = await addTemplate(api, { symbology: 'qrcode' });
    expect((await getFile(app, t.token, '/labels/zpl', { templateId: qr, ids: [bolt] })).bytes.toString()).toContain(`^BQN,2,`);
    expect((await getFile(app, t.token, '/labels/zpl', { templateId: qr, ids: [bolt] })).bytes.toString()).toContain(`^FDQA,${code}^FS`);
    const e13 = await addTemplate(api, { symbology: 'ean13' });
    // ^BE is given the 12 digits; the printer adds the check digit
    expect((await getFile(app, t.token, '/labels/zpl', { templateId: e13, ids: [ean] })).bytes.toString()).toMatch(/\^BEN,\d+,Y,N\n\^FH_\^FD690123456789\^FS/);
    // field data goes through ^FH: the escape character itself (and ^ ~ in names) as hex
    const odd = await materialWithCode(api, '特殊^名~称', `A_B_${Date.now() % 1000}`);
    const oddZpl = (await getFile(app, t.token, '/labels/zpl', { templateId: c128, ids: [odd] })).bytes.toString();
    expect(oddZpl).toContain('^FDA_5FB_5F');
    expect(oddZpl).toContain('^FD特殊_5E名_7E称^FS');
  });

  it('sends the ZPL to a printer over TCP; an unreachable one gets a clear message', async () => {
    const id = await addTemplate(api);
    const r = await api.post('/labels/send', { templateId: id, ids: [bolt], copies: [2], host: '127.0.0.1', port: printer.port });
    expect(r.body.code, r.text).toBe(200);
    expect(r.body.data).toMatchObject({ labels: 2, message: `已发送2张标签到打印机 127.0.0.1:${printer.port}` });
    const got = await printer.received();
    expect(got).toMatch(new RegExp(`^\\^XA[\\s\\S]*\\^FD${code}\\^FS[\\s\\S]*\\^PQ2\\n\\^XZ\\n$`));
    expect(Buffer.byteLength(got)).toBe(r.body.data.bytes);
    // a port nobody listens on: refused at once
    const closed = await fakePrinter();
    await new Promise<void>((resolve) => closed.server.close(() => resolve()));
    const down = await api.post('/labels/send', { templateId: id, ids: [bolt], host: '127.0.0.1', port: closed.port });
    expect(down.body).toEqual({ code: 500, data: { message: `无法连接打印机 127.0.0.1:${closed.port}（连接被拒绝），请检查打印机地址、端口和网络` } });
    // a host the server's administrator has not listed is never connected to
    const unlisted = await api.post('/labels/send', { templateId: id, ids: [bolt], host: '10.1.2.3', port: 6379 });
    expect(unlisted.body.data.message).toBe('打印机 10.1.2.3:6379 不在服务器允许的打印机列表中：请服务器管理员将它加入 ERP_LABEL_PRINTERS');
    const bad = await api.post('/labels/send', { templateId: id, ids: [bolt], host: 'printer;rm -rf', port: 9100 });
    expect(bad.body.data.message).toBe('参数错误 body.host: 打印机地址须为主机名或IP地址');
    expect((await api.post('/labels/send', { templateId: id, ids: [bolt], copies: [0], host: '127.0.0.1' })).body.data.message).toBe(
      '参数错误 body.copies.0: 份数至少为1',
    );
    const other = await newTenant(app, 'zpo');
    const theirs = await addTemplate(other.api);
    const foreign = await other.api.post('/labels/send', { templateId: theirs, ids: [bolt], host: '127.0.0.1', port: printer.port });
    expect(foreign.body.data.message).toBe(`物料不存在（id ${bolt}）`);
  });
});
