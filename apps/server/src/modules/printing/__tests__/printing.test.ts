import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { PDFDocument } from 'pdf-lib';
import { newTenant, testApp, type Client } from '../../../test-support/harness.ts';
import { line, saved, world } from '../../inventory/__tests__/fixtures.ts';

let app: FastifyInstance;
let api: Client;
let other: Client;
const docs: Array<{ id: number; number: string }> = [];

const pdfOf = async (body: object, c: Client = api) => {
  const res = await app.inject({
    method: 'POST',
    url: '/api/printTemplate/pdf',
    headers: { 'x-access-token': (c as unknown as { token: string }).token ?? '' },
    payload: body,
  });
  return res;
};

beforeAll(async () => {
  ({ app } = await testApp());
  const a = await newTenant(app, 'print');
  api = a.api;
  (api as unknown as { token: string }).token = a.token;
  other = (await newTenant(app, 'print_o')).api;
  const w = await world(api);
  await w.material('<b>可乐</b>', 'PR-1');
  await w.material('雪碧', 'PR-2');
  for (const [n, price] of [
    [3, '10.50'],
    [7, '2.25'],
    [1, '99999.99'],
  ] as const) {
    docs.push(await saved(api, '入库', '采购', [line('PR-1', n, price, w.depotA), line('PR-2', 1, '1.10', w.depotA)], { organId: w.supplier }));
  }
}, 120_000);

afterAll(async () => {
  const { closePdfBrowser } = await import('../index.ts');
  await closePdfBrowser();
});

describe('print templates', () => {
  it('refuses a template that does not parse or runs away, and keeps one default per document type', async () => {
    const bad = await api.post('/printTemplate/add', { name: '坏模板', docKey: 'purchaseIn', paper: 'A4', html: '{% for l in lines %}{{ l.no }}' });
    expect(bad.body.code).not.toBe(200);
    expect(bad.body.data.message).toMatch(/^模板语法错误：/);
    const loop = await api.post('/printTemplate/add', {
      name: '死循环',
      docKey: 'purchaseIn',
      paper: 'A4',
      html: '{% for i in (1..100000000) %}x{% endfor %}',
    });
    expect(loop.body.data.message).toMatch(/^模板渲染出错：/);
    const unknownFilter = await api.post('/printTemplate/add', { name: '过滤器', docKey: 'purchaseIn', paper: 'A4', html: '{{ doc.number | nosuch }}' });
    expect(unknownFilter.body.data.message).toMatch(/^模板语法错误：/);
    const list0 = await api.get('/printTemplate/list?currentPage=1&pageSize=10');
    expect(list0.body.data.total).toBe(0);

    const one = await api.post('/printTemplate/add', { name: '横版', docKey: 'purchaseIn', paper: 'A4L', isDefault: true, html: '<p>{{ doc.number }}</p>' });
    expect(one.body.code, one.text).toBe(200);
    const two = await api.post('/printTemplate/add', { name: '简版', docKey: 'purchaseIn', paper: 'A4', isDefault: true, html: '<p>{{ doc.number }}</p>' });
    expect(two.body.code, two.text).toBe(200);
    const types = await api.get('/printTemplate/ofType?docKey=purchaseIn');
    expect(types.body.data.map((t: { name: string; isDefault: boolean }) => [t.name, t.isDefault])).toEqual([
      ['简版', true],
      ['横版', false],
    ]);
  });

  it('previews with the newest document of the type: fields, loops, money, capitals, and values escaped', async () => {
    const html =
      '<h1>{{ doc.number }}</h1>{% for l in lines %}<i>{{ l.materialName }}×{{ l.qty | qty }}={{ l.amount | money }}</i>{% endfor %}<p>{{ doc.payable | capital }}</p>';
    const r = await api.post('/printTemplate/preview', { docKey: 'purchaseIn', html });
    expect(r.body.code, r.text).toBe(200);
    expect(r.body.data.sample).toBe(false);
    expect(r.body.data.html).toContain(`<h1>${docs[2].number}</h1>`);
    // the material's name is text, never markup
    expect(r.body.data.html).toContain('<i>&lt;b&gt;可乐&lt;/b&gt;×1=99,999.99</i><i>雪碧×1=1.10</i>');
    expect(r.body.data.html).toContain('<p>壹拾万零壹元玖分</p>');
    expect(r.body.data.html).not.toContain('<u>');
    const empty = await api.post('/printTemplate/preview', { docKey: 'saleOrder', html: '{{ doc.number }}' });
    expect(empty.body.data).toMatchObject({ sample: true });
    expect(empty.body.data.html).toContain('XSDD00000001');
  });

  it('prints a batch as one PDF, a page per document, on the default template\u2019s paper', async () => {
    const res = await pdfOf({ ids: docs.map((d) => d.id).join(',') + ',' });
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const pdf = await PDFDocument.load(res.rawPayload);
    expect(pdf.getPageCount()).toBe(3);
    // 简版 is the default now: A4 portrait
    const { width, height } = pdf.getPage(0).getSize();
    expect(height).toBeGreaterThan(width);
    const landscape = await PDFDocument.load((await pdfOf({ ids: [docs[0].id], templateId: (await templateId('横版'))! })).rawPayload);
    expect(landscape.getPageCount()).toBe(1);
    const size = landscape.getPage(0).getSize();
    expect(size.width).toBeGreaterThan(size.height);
    // 0: the built-in layout, whatever the type's default
    const builtin = await pdfOf({ ids: [docs[0].id], templateId: 0 });
    expect(builtin.headers['content-type']).toBe('application/pdf');
  }, 120_000);

  it('a template reaches nothing: no request leaves the page, no script runs', async () => {
    let hits = 0;
    const server = createServer((_req, res) => {
      hits++;
      res.end('x');
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const html = `<img src="${url}/img.png"><link rel="stylesheet" href="${url}/a.css"><script>fetch('${url}/js')</script><iframe src="${url}/frame"></iframe>{{ doc.number }}`;
      const add = await api.post('/printTemplate/add', { name: '外链', docKey: 'purchaseIn', paper: 'A4', html });
      expect(add.body.code, add.text).toBe(200);
      const res = await pdfOf({ ids: [docs[0].id], templateId: (await templateId('外链'))! });
      expect(res.statusCode).toBe(200);
      expect(hits).toBe(0);
    } finally {
      server.close();
    }
  }, 120_000);

  it('refuses what it cannot print, and nothing of another company', async () => {
    expect((await api.post('/printTemplate/pdf', { ids: '' })).body.data.message).toBe('请选择至少一条记录进行批量打印！');
    expect((await api.post('/printTemplate/pdf', { ids: [] })).body.data.message).toBe('请选择至少一条记录进行批量打印！');
    expect((await api.post('/printTemplate/pdf', { ids: '1,x' })).status).toBe(400);
    const tooMany = await api.post('/printTemplate/pdf', { ids: Array.from({ length: 201 }, (_, i) => i + 1) });
    expect(tooMany.status).toBe(400);
    // another company's documents and templates are not found
    const theirs = await other.post('/printTemplate/pdf', { ids: [docs[0].id] });
    expect(theirs.body.code).toBe(404);
    const mine = await templateId('简版');
    const w = await world(other);
    await w.material('别家', 'PO-1');
    const doc = await saved(other, '入库', '采购', [line('PO-1', 1, '1', w.depotA)], { organId: w.supplier });
    const foreign = await other.post('/printTemplate/pdf', { ids: [doc.id], templateId: mine });
    expect(foreign.body.data.message).toBe('打印模板不存在或已停用');
    // a template of another type
    const sale = await api.post('/printTemplate/add', { name: '销售', docKey: 'saleOut', paper: 'A4', html: 'x' });
    expect(sale.body.code).toBe(200);
    const wrong = await api.post('/printTemplate/pdf', { ids: [docs[0].id], templateId: await templateId('销售') });
    expect(wrong.body.data.message).toBe('模板「销售」不是采购入库的模板');
    expect((await api.post('/printTemplate/preview', { docKey: 'nosuch', html: 'x' })).status).toBe(400);
  });
});

async function templateId(name: string): Promise<number | undefined> {
  const r = await api.get(`/printTemplate/list?currentPage=1&pageSize=50&search=${encodeURIComponent(JSON.stringify({ name }))}`);
  return r.body.data.rows.find((t: { name: string }) => t.name === name)?.id;
}
