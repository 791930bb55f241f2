import { describe, expect, it } from 'vitest';
import { PDFDocument } from 'pdf-lib';
import { newTenant, testApp } from '../../../test-support/harness.ts';
import { twoOperationJob } from '../../shopfloor/__tests__/sf-fixtures.ts';
import { labelFont, MISSING_FONT } from '../fonts.ts';
import { sheetPdf } from '../pdf.ts';
import { decodePng } from './decode.ts';
import { addTemplate, getFile, materialWithCode, sheetTemplate } from './label-fixtures.ts';

const uniq = () => `${Date.now()}`.slice(-6) + String(Math.floor(Math.random() * 1000)).padStart(3, '0');

/**
 * Label templates and batch printing (issue 17 item 5): a batch is records × copies on sheets, one PDF page a
 * sheet; the barcode the sheets carry decodes back (zxing-wasm) to the record's code in each symbology.
 */
describe('barcode labels: templates, PDF sheets, decoding', async () => {
  const { app, db } = await testApp();
  const t = await newTenant(app, 'lbl');
  const api = t.api;
  const code128 = `LB-${uniq()}`;
  const screw = await materialWithCode(api, '螺丝', code128);
  const ean12 = `69${uniq()}1`.slice(0, 12);
  const eanMat = await materialWithCode(api, '六角螺母', ean12);
  const letters = await materialWithCode(api, '垫片', `AB${uniq()}`);
  const pdf = (body: object) => getFile(app, t.token, '/labels/pdf', body);
  const templates = async () =>
    Number((await db.system((tx) => tx.one<{ n: string }>('select count(*) as n from label_template where tenant_id = $1', [t.tenantId])))!.n);

  it('keeps templates: add, list, change, delete; layouts that do not fit and bad sizes are refused', async () => {
    const id = await addTemplate(api, { name: '物料A4' });
    expect((await api.get('/labels/templates')).body.data.map((x: { name: string }) => x.name)).toContain('物料A4');
    const got = (await api.get(`/labels/template?id=${id}`)).body.data;
    expect(got).toMatchObject({ columns: 3, rows: 8, widthMm: 66, symbology: 'code128', fields: ['name', 'spec', 'unit', 'code', 'batch', 'quantity'] });
    const up = await api.post('/labels/template/update', { ...sheetTemplate({ name: '物料A4', columns: 2, widthMm: 100 }), id });
    expect(up.body.code, up.text).toBe(200);
    expect((await api.get(`/labels/template?id=${id}`)).body.data.columns).toBe(2);
    const before = await templates();
    const wide = await api.post('/labels/template/add', sheetTemplate({ columns: 4 }));
    expect(wide.body.data.message).toBe('4列标签共需宽276毫米，超过纸张宽度210毫米');
    expect((await api.post('/labels/template/add', sheetTemplate({ widthMm: 0 }))).body.data.message).toBe('参数错误 body.widthMm: 标签宽度不能小于10毫米');
    expect((await api.post('/labels/template/add', sheetTemplate({ heightMm: 5000 }))).body.data.message).toBe(
      '参数错误 body.heightMm: 标签高度不能大于300毫米',
    );
    expect((await api.post('/labels/template/add', sheetTemplate({ copies: 0 }))).body.data.message).toBe('参数错误 body.copies: 份数至少为1');
    expect((await api.post('/labels/template/add', sheetTemplate({ symbology: 'pdf417' }))).body.data.message).toBe(
      '参数错误 body.symbology: 码制须为Code 128、QR或EAN-13',
    );
    expect((await api.post('/labels/template/add', sheetTemplate({ target: 'workOrder', symbology: 'ean13' }))).body.data.message).toMatch(
      /工单标签不能使用EAN-13/,
    );
    expect((await api.post('/labels/template/add', sheetTemplate({ name: '物料A4' }))).body.data.message).toBe('标签模板“物料A4”已存在');
    expect(await templates()).toBe(before);
    expect((await api.post('/labels/template/delete', { id })).body.code).toBe(200);
    expect(await templates()).toBe(before - 1);
  });

  it('prints N labels on ceil(N / per sheet) pages, Chinese names included', async () => {
    const id = await addTemplate(api);
    for (const [copies, pages] of [
      [1, 1],
      [24, 1],
      [25, 2],
      [50, 3],
    ] as const) {
      const r = await pdf({ templateId: id, ids: [screw], copies: [copies], batch: 'B1' });
      expect(r.status).toBe(200);
      expect(r.headers['content-type']).toBe('application/pdf');
      const doc = await PDFDocument.load(r.bytes);
      expect(doc.getPageCount(), `${copies} labels`).toBe(pages);
      const { width, height } = doc.getPage(0).getSize();
      expect([Math.round((width * 25.4) / 72), Math.round((height * 25.4) / 72)]).toEqual([210, 297]);
    }
    // two materials, 20 and 9 copies, on a 2 × 2 sheet: 29 labels → 8 pages
    const small = await addTemplate(api, {
      widthMm: 50,
      heightMm: 30,
      pageWidthMm: 110,
      pageHeightMm: 70,
      columns: 2,
      rows: 2,
      marginTopMm: 0,
      marginLeftMm: 0,
    });
    const r = await pdf({ templateId: small, ids: [screw, letters], copies: [20, 9] });
    expect((await PDFDocument.load(r.bytes)).getPageCount()).toBe(8);
    // the Chinese text is set in the CJK font when the machine has it (.ci/run installs fonts-noto-cjk)
    if (labelFont()) expect(r.bytes.toString('latin1')).toMatch(/NotoSansCJK|NotoSerifCJK/);
    else expect(decodeURIComponent(String(r.headers['x-label-warning']))).toMatch(/fonts-noto-cjk/);
  });

  it('without a CJK font the sheets are still made (in a Latin font) with a warning to install fonts-noto-cjk', async () => {
    const template = (await api.get(`/labels/template?id=${await addTemplate(api)}`)).body.data;
    const record = { id: 1, code: 'ABC-1', name: '螺丝 M8', spec: '', model: '', unit: '个', quantity: '', woNo: '', moNo: '' };
    const out = await sheetPdf(
      template,
      Array.from({ length: 25 }, () => ({ record })),
      null,
    );
    expect(out.warning).toBe(MISSING_FONT);
    expect(MISSING_FONT).toMatch(/fonts-noto-cjk/);
    expect((await PDFDocument.load(out.pdf)).getPageCount()).toBe(2);
    expect(out.pdf.toString('latin1')).not.toMatch(/NotoSansCJK/);
  });

  it('the barcode decodes back to the code: Code 128, QR, EAN-13 (check digit computed)', async () => {
    const c128 = await addTemplate(api);
    const qr = await addTemplate(api, { symbology: 'qrcode' });
    const ean = await addTemplate(api, { symbology: 'ean13' });
    const read = async (templateId: number, materialId: number) => {
      const r = await getFile(app, t.token, `/labels/preview?templateId=${templateId}&id=${materialId}`);
      expect(r.headers['content-type']).toBe('image/png');
      return decodePng(r.bytes);
    };
    expect(await read(c128, screw)).toEqual([{ format: 'Code128', text: code128 }]);
    expect(await read(qr, screw)).toEqual([{ format: 'QRCode', text: code128 }]);
    const check = (10 - ([...ean12].reduce((s, d, i) => s + Number(d) * (i % 2 ? 3 : 1), 0) % 10)) % 10;
    expect(await read(ean, eanMat)).toEqual([{ format: 'EAN13', text: ean12 + check }]);
    // a 13-digit code with a wrong check digit, and letters, are refused with the reason
    const wrong = await materialWithCode(api, '错码', ean12 + ((check + 1) % 10));
    expect((await pdf({ templateId: ean, ids: [wrong] })).json?.data.message).toBe(`条码“${ean12}${(check + 1) % 10}”的EAN-13校验位错误，应为${check}`);
    expect((await pdf({ templateId: ean, ids: [letters] })).json?.data.message).toMatch(/不能打印为EAN-13：EAN-13须为12或13位数字/);
  });

  it('work order labels carry the work order number', async () => {
    const job = await twoOperationJob(api, '10');
    const qr = await addTemplate(api, {
      target: 'workOrder',
      symbology: 'qrcode',
      widthMm: 60,
      heightMm: 40,
      pageWidthMm: 60,
      pageHeightMm: 40,
      columns: 1,
      rows: 1,
      marginTopMm: 0,
      marginLeftMm: 0,
      fields: ['woNo', 'name', 'quantity'],
    });
    const png = await getFile(app, t.token, `/labels/preview?templateId=${qr}&id=${job.op1.id}`);
    expect(await decodePng(png.bytes)).toEqual([{ format: 'QRCode', text: job.op1.woNo }]);
    const r = await pdf({ templateId: qr, ids: [job.op1.id, job.op2.id], copies: [2] });
    expect((await PDFDocument.load(r.bytes)).getPageCount()).toBe(4);
    expect((await pdf({ templateId: qr, ids: [job.op1.id, 999999999] })).json?.data.message).toBe('工单不存在（id 999999999）');
  });

  it('refuses zero copies, too many labels, empty and foreign ids; another company sees nothing', async () => {
    const id = await addTemplate(api);
    expect((await pdf({ templateId: id, ids: [screw], copies: [0] })).json?.data.message).toBe('参数错误 body.copies.0: 份数至少为1');
    expect((await pdf({ templateId: id, ids: [screw, letters], copies: [1000, 1000, 1000] })).json?.data.message).toBe('份数须为一个或与所选记录一一对应');
    const many = Array.from({ length: 6 }, () => screw);
    expect((await pdf({ templateId: id, ids: many, copies: [1000] })).json?.data.message).toBe('一次最多打印5000张标签，本次共6000张，请分批打印');
    expect((await pdf({ templateId: id, ids: [] })).json?.data.message).toBe('参数错误 body.ids: 请选择要打印的物料或工单');
    expect((await pdf({ templateId: id, ids: [screw], quantities: ['-1'] })).json?.data.message).toBe('参数错误 body.quantities.0: 数量须为不小于0的数字');
    const other = await newTenant(app, 'lbo');
    const theirs = await addTemplate(other.api);
    const foreign = await getFile(app, other.token, '/labels/pdf', { templateId: theirs, ids: [screw] });
    expect(foreign.json?.data.message).toBe(`物料不存在（id ${screw}）`);
    expect((await getFile(app, other.token, '/labels/pdf', { templateId: id, ids: [screw] })).json?.data.message).toBe('标签模板不存在');
    expect((await other.api.post('/labels/template/delete', { id })).body.data.message).toBe('标签模板不存在');
    expect((await other.api.get('/labels/templates')).body.data.map((x: { id: number }) => x.id)).toEqual([theirs]);
    expect((await api.get(`/labels/template?id=${id}`)).body.code).toBe(200);
  });
});
