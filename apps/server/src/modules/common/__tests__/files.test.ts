import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import { buildApp } from '../../../app.ts';
import { loadConfig } from '../../../platform/config.ts';
import { LocalFileStore, safeFileName, UnsafePathError, type FileKey } from '../../../platform/files/index.ts';
import { S3FileStore } from '../../../platform/files/s3.ts';
import { newTenant, testApp } from '../../../test-support/harness.ts';
import { startS3Server } from './s3-server.ts';

/** What a suite needs to know about the store under test: where a key lands, and what a tenant holds. */
interface StoreUnderTest {
  app: FastifyInstance;
  /** Every stored file of a tenant (both areas), relative to its folder. */
  filesOf(tenantId: number): Promise<string[]>;
  /** Where the store puts a key (a path on disk, an object key). */
  where(key: FileKey): string;
  expectedWhere(tenantId: number, rel: string): string;
  close(): Promise<void>;
}

async function localStore(): Promise<StoreUnderTest> {
  const { app } = await testApp();
  const store = app.fileStore as LocalFileStore;
  return {
    app,
    async filesOf(tenantId) {
      const dir = path.join(store.root, String(tenantId));
      return fs.existsSync(dir) ? (fs.readdirSync(dir, { recursive: true }) as string[]).filter((f) => fs.statSync(path.join(dir, f)).isFile()) : [];
    },
    where: (key) => store.locate(key),
    expectedWhere: (tenantId, rel) => path.join(store.root, String(tenantId), rel),
    close: async () => {},
  };
}

/** The same server code on the same database, its files in an S3-compatible server. */
async function s3Store(): Promise<StoreUnderTest> {
  const { db } = await testApp();
  const s3 = await startS3Server();
  const app = await buildApp({ config: { apiBase: '/api', webDist: '/nonexistent', logLevel: 'silent', fileStore: 's3', s3: s3.settings }, db, logger: false });
  await app.ready();
  const store = app.fileStore as S3FileStore;
  return {
    app,
    async filesOf(tenantId) {
      const prefix = `erp/${tenantId}/`;
      const r = await store.client.send(new ListObjectsV2Command({ Bucket: s3.settings.bucket, Prefix: prefix }));
      return (r.Contents ?? []).map((o) => o.Key!.slice(prefix.length));
    },
    where: (key) => store.objectKey(key),
    expectedWhere: (tenantId, rel) => `erp/${tenantId}/${rel}`,
    close: async () => {
      await app.close();
      await s3.close();
    },
  };
}

let app: FastifyInstance;
let a: Awaited<ReturnType<typeof newTenant>>;
let b: Awaited<ReturnType<typeof newTenant>>;
let sut: StoreUnderTest;
const filesOf = (tenantId: number) => sut.filesOf(tenantId);

afterEach(() => vi.restoreAllMocks());

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), crypto.randomBytes(200)]);
const PDF = Buffer.from('%PDF-1.4\n%âãÏÓ\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

interface Part {
  name: string;
  filename?: string;
  data: Buffer | string;
}

/** A multipart/form-data body built by hand (file names as raw UTF-8, as browsers send them). */
function form(parts: Part[]) {
  const boundary = `----erp${crypto.randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const p of parts) {
    let head = `--${boundary}\r\nContent-Disposition: form-data; name="${p.name}"`;
    if (p.filename !== undefined) head += `; filename="${p.filename}"\r\nContent-Type: application/octet-stream`;
    chunks.push(Buffer.from(`${head}\r\n\r\n`), Buffer.from(p.data), Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

async function upload(token: string | undefined, parts: Part[]) {
  const f = form(parts);
  const res = await app.inject({
    method: 'POST',
    url: '/api/common/uploadMinio',
    headers: { ...f.headers, ...(token ? { 'x-access-token': token } : {}) },
    payload: f.payload,
  });
  return { status: res.statusCode, body: res.json() };
}

function download(token: string | undefined, query: string, url = '/api/common/download') {
  return app.inject({ method: 'GET', url: `${url}?${query}`, headers: token ? { 'x-access-token': token } : {} });
}

describe.each([
  ['local', localStore],
  ['s3', s3Store],
] as const)('%s file store', (_kind, open) => {
  beforeAll(async () => {
    sut = await open();
    app = sut.app;
    a = await newTenant(app, 'fa');
    b = await newTenant(app, 'fb');
  });
  afterAll(() => sut.close());

  describe('upload and download', () => {
    it('stores a file under a relative name and gives back the same bytes with download headers', async () => {
      const r = await upload(a.token, [
        { name: 'biz', data: 'customer' },
        { name: 'file', filename: '报价单 (1).png', data: PNG },
      ]);
      expect(r).toMatchObject({ status: 200, body: { code: 200 } });
      const fileName: string = r.body.data.fileName;
      const now = new Date();
      expect(fileName).toMatch(new RegExp(`^customer/${now.getFullYear()}/\\d{2}/[0-9a-f]{16}_报价单 \\(1\\)\\.png$`));
      // the whole name is matched above: no tenant id in it, the tenant comes from the session

      const d = await download(a.token, `fileName=${encodeURIComponent(fileName)}`);
      expect(d.statusCode).toBe(200);
      expect(d.rawPayload.equals(PNG)).toBe(true);
      expect(d.headers['content-type']).toBe('image/png');
      expect(d.headers['download-filename']).toBe(encodeURIComponent('报价单 (1).png'));
      expect(d.headers['content-disposition']).toBe(`attachment; filename*=UTF-8''${encodeURIComponent('报价单 ')}%281%29.png`);
    });

    it('takes several files and answers their comma-joined names; Bearer works too', async () => {
      const f = form([
        { name: 'file', filename: 'a.pdf', data: PDF },
        { name: 'file', filename: 'b,c.txt', data: '你好' },
      ]);
      const res = await app.inject({
        method: 'POST',
        url: '/api/common/uploadMinio',
        headers: { ...f.headers, authorization: `Bearer ${a.token}` },
        payload: f.payload,
      });
      const names: string[] = res.json().data.fileName.split(',');
      expect(names).toHaveLength(2);
      expect(names[0]).toMatch(/^common\/\d{4}\/\d{2}\/[0-9a-f]{16}_a\.pdf$/);
      expect(names[1]).toMatch(/_b_c\.txt$/);
      const t = await download(a.token, `fileName=${encodeURIComponent(names[1])}`);
      expect(t.body).toBe('你好');
      expect(t.headers['content-type']).toBe('text/plain; charset=utf-8');
    });

    it('sanitises the original name: path parts and control characters go', async () => {
      const r = await upload(a.token, [{ name: 'file', filename: '..\\..\\evil\u0001\u202e名.pdf', data: PDF }]);
      expect(r.body.data.fileName).toMatch(/^common\/\d{4}\/\d{2}\/[0-9a-f]{16}_evil名\.pdf$/);
      // a long Chinese name is cut to fit the 255-byte file-name limit, keeping the extension
      expect(safeFileName(`${'名'.repeat(120)}.pdf`)).toBe(`${'名'.repeat(65)}.pdf`);
      expect(safeFileName('a/b\\c<d>:"e"|f?g*h%i,j.txt')).toBe('c_d___e__f_g_h_i_j.txt');
    });

    it('delete=true removes the file once it has been sent', async () => {
      const name = (await upload(a.token, [{ name: 'file', filename: 'once.png', data: PNG }])).body.data.fileName;
      const d = await download(a.token, `fileName=${encodeURIComponent(name)}&delete=true`);
      expect(d.rawPayload.equals(PNG)).toBe(true);
      await vi.waitFor(async () => expect(await app.fileStore.exists({ tenantId: a.tenantId, area: 'upload', path: name })).toBe(false), { timeout: 30_000 });
      const again = await download(a.token, `fileName=${encodeURIComponent(name)}`);
      expect(again.statusCode).toBe(404);
      expect(again.json()).toEqual({ code: 404, data: { message: '未知的文件' } });
    });

    it('HEAD with delete=true deletes nothing', async () => {
      const name = (await upload(a.token, [{ name: 'file', filename: 'head.png', data: PNG }])).body.data.fileName;
      const h = await app.inject({
        method: 'HEAD',
        url: `/api/common/download?fileName=${encodeURIComponent(name)}&delete=true`,
        headers: { 'x-access-token': a.token },
      });
      expect(h.statusCode).toBe(200);
      await new Promise((r) => setTimeout(r, 50));
      expect(await app.fileStore.exists({ tenantId: a.tenantId, area: 'upload', path: name })).toBe(true);
    });

    it('delete=false keeps it', async () => {
      const name = (await upload(a.token, [{ name: 'file', filename: 'keep.png', data: PNG }])).body.data.fileName;
      expect((await download(a.token, `fileName=${encodeURIComponent(name)}&delete=false`)).statusCode).toBe(200);
      expect((await download(a.token, `fileName=${encodeURIComponent(name)}`)).statusCode).toBe(200);
    });

    it('an unknown file is 404 未知的文件', async () => {
      const d = await download(a.token, 'fileName=common/2026/01/nothing.png');
      expect(d.statusCode).toBe(404);
      expect(d.json().data.message).toBe('未知的文件');
    });
  });

  describe('upload rules', () => {
    const MSG_TYPE = '文件格式不正确, 请上传doc,xls,ppt,txt,pdf,png,jpg,jpeg格式文件!';

    it.each([
      ['a wrong extension', 'run.exe', Buffer.from('MZ\x90\x00')],
      ['no extension', 'README', Buffer.from('hello')],
      ['an image that is not one', 'x.png', Buffer.from('<html><script>alert(1)</script>')],
      ['a jpg that is a png', 'x.jpg', PNG],
      ['binary text', 'x.txt', Buffer.from([0x41, 0x00, 0x42])],
      ['gif (not in the list)', 'x.gif', Buffer.from('GIF89a....')],
    ])('refuses %s with the spec message', async (_what, filename, data) => {
      const before = (await filesOf(b.tenantId)).length;
      const r = await upload(b.token, [{ name: 'file', filename, data }]);
      expect(r).toEqual({ status: 200, body: { code: 500, data: { message: MSG_TYPE } } });
      expect(await filesOf(b.tenantId)).toHaveLength(before);
    });

    it('accepts office documents by their signature', async () => {
      const zip = Buffer.from([0x50, 0x4b, 0x03, 0x04, 1, 2, 3]);
      const ole = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0]);
      const jpg = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10]);
      const r = await upload(a.token, [
        { name: 'file', filename: 'a.docx', data: zip },
        { name: 'file', filename: 'b.xls', data: ole },
        { name: 'file', filename: 'c.xls', data: zip },
        { name: 'file', filename: 'd.JPEG', data: jpg },
      ]);
      expect(r.body.code).toBe(200);
      expect(r.body.data.fileName.split(',')).toHaveLength(4);
    });

    it('refuses a file over 5 MB with the spec message, storing nothing', async () => {
      const before = (await filesOf(b.tenantId)).length;
      const big = Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024)]);
      const r = await upload(b.token, [
        { name: 'file', filename: 'ok.png', data: PNG },
        { name: 'file', filename: 'big.png', data: big },
      ]);
      expect(r).toEqual({ status: 200, body: { code: 500, data: { message: '上传文件大小不能超过 5 MB!' } } });
      expect(await filesOf(b.tenantId)).toHaveLength(before);
    });

    it('takes a file of exactly 5 MB', async () => {
      const exact = Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024 - PNG.length)]);
      expect((await upload(b.token, [{ name: 'file', filename: 'edge.png', data: exact }])).body.code).toBe(200);
    });

    it('refuses 6 files with the spec message, storing none of them', async () => {
      const before = (await filesOf(b.tenantId)).length;
      const six = Array.from({ length: 6 }, (_, i) => ({ name: 'file', filename: `p${i}.png`, data: PNG }));
      const r = await upload(b.token, six);
      expect(r).toEqual({ status: 200, body: { code: 500, data: { message: '上传文件数量不能超过 5 个!' } } });
      expect(await filesOf(b.tenantId)).toHaveLength(before);
      expect((await upload(b.token, six.slice(0, 5))).body.data.fileName.split(',')).toHaveLength(5);
    });

    it('a refused file later in the form leaves the earlier ones unstored', async () => {
      const before = (await filesOf(b.tenantId)).length;
      const r = await upload(b.token, [
        { name: 'file', filename: 'ok.png', data: PNG },
        { name: 'file', filename: 'bad.exe', data: 'MZ' },
      ]);
      expect(r.body.data.message).toBe(MSG_TYPE);
      expect(await filesOf(b.tenantId)).toHaveLength(before);
    });

    it.each([
      [
        'a biz with a path',
        [
          { name: 'biz', data: '../x' },
          { name: 'file', filename: 'a.png', data: PNG },
        ],
      ],
      [
        'an unknown field',
        [
          { name: 'other', data: '1' },
          { name: 'file', filename: 'a.png', data: PNG },
        ],
      ],
      ['a file under another field', [{ name: 'upload', filename: 'a.png', data: PNG }]],
      ['no file', [{ name: 'biz', data: 'x' }]],
      ['an empty file input', [{ name: 'file', filename: '', data: '' }]],
    ])('refuses %s with 400', async (_what, parts) => {
      const r = await upload(b.token, parts as Part[]);
      expect(r.status).toBe(400);
      expect(r.body.code).toBe(400);
    });

    it('a body that is not a proper form is 400, never 500', async () => {
      const h = { 'x-access-token': b.token };
      const noBoundary = await app.inject({
        method: 'POST',
        url: '/api/common/uploadMinio',
        headers: { ...h, 'content-type': 'multipart/form-data' },
        payload: 'x',
      });
      expect(noBoundary.statusCode).toBe(400);
      const cut = form([{ name: 'file', filename: 'a.png', data: PNG }]);
      const truncated = await app.inject({
        method: 'POST',
        url: '/api/common/uploadMinio',
        headers: { ...h, ...cut.headers },
        payload: cut.payload.subarray(0, 150),
      });
      expect(truncated.statusCode).toBe(400);
      const json = await app.inject({ method: 'POST', url: '/api/common/uploadMinio', headers: h, payload: { file: 'x' } });
      expect(json.statusCode).toBe(400);
    });
  });

  describe('access and isolation', () => {
    it('no token → 401 for upload and downloads', async () => {
      expect((await upload(undefined, [{ name: 'file', filename: 'a.png', data: PNG }])).status).toBe(401);
      expect((await download(undefined, 'fileName=a.png')).statusCode).toBe(401);
      expect((await download(undefined, 'resource=a.xls', '/api/common/download/resource')).statusCode).toBe(401);
    });

    it('an unknown token on upload answers loginOut', async () => {
      const r = await app.inject({
        method: 'POST',
        url: '/api/common/uploadMinio',
        headers: { ...form([]).headers, 'x-access-token': `${a.tenantId}.${'x'.repeat(43)}` },
        payload: form([]).payload,
      });
      expect(r.statusCode).toBe(500);
      expect(r.body).toBe('loginOut');
    });

    it("another company cannot download (or delete) a company's file", async () => {
      const name = (await upload(a.token, [{ name: 'file', filename: 'secret.pdf', data: PDF }])).body.data.fileName;
      const d = await download(b.token, `fileName=${encodeURIComponent(name)}&delete=true`);
      expect(d.statusCode).toBe(404);
      expect(d.json().data.message).toBe('未知的文件');
      expect((await download(a.token, `fileName=${encodeURIComponent(name)}`)).statusCode).toBe(200);
    });

    it.each([
      ['../../etc/passwd'],
      ['..%2f..%2fetc%2fpasswd'],
      ['%2e%2e%2f%2e%2e%2fetc%2fpasswd'],
      ['%252e%252e%252fetc%252fpasswd'],
      ['/etc/passwd'],
      ['%2Fetc%2Fpasswd'],
      ['a\\..\\b'],
      ['a%5c..%5cb'],
      ['common/%00.png'],
      ['C:%5Cwindows'],
      ['common/./x.png'],
      ['common//x.png'],
      ['.hidden'],
    ])('refuses the path %s with 400 and reads nothing', async (raw) => {
      const get = vi.spyOn(app.fileStore, 'get');
      for (const [url, field] of [
        ['/api/common/download', 'fileName'],
        ['/api/common/download/resource', 'resource'],
      ]) {
        const d = await download(a.token, `${field}=${raw}`, url);
        expect(d.statusCode).toBe(400);
        expect(d.json().code).toBe(400);
      }
      expect(get).not.toHaveBeenCalled();
    });

    it("a path into another tenant's folder is refused before any lookup", async () => {
      const name = (await upload(b.token, [{ name: 'file', filename: 'b.png', data: PNG }])).body.data.fileName;
      const d = await download(a.token, `fileName=${encodeURIComponent(`../../${b.tenantId}/upload/${name}`)}`);
      expect(d.statusCode).toBe(400);
    });

    it('the store itself refuses keys that leave the tenant area', async () => {
      await expect(app.fileStore.exists({ tenantId: a.tenantId, area: 'upload', path: '../resource/x' })).rejects.toThrow(UnsafePathError);
      await expect(app.fileStore.put({ tenantId: 0, area: 'upload', path: 'x' }, PNG)).rejects.toThrow(UnsafePathError);
      expect(() => sut.where({ tenantId: a.tenantId, area: 'upload', path: 'a/../../b' })).toThrow(UnsafePathError);
      expect(sut.where({ tenantId: a.tenantId, area: 'upload', path: 'common/x.png' })).toBe(sut.expectedWhere(a.tenantId, 'upload/common/x.png'));
    });
  });

  describe('resources', () => {
    it("downloads the tenant's own resource files only", async () => {
      const xlsx = Buffer.from([0x50, 0x4b, 0x03, 0x04, 9, 9, 9]);
      await app.fileStore.put({ tenantId: a.tenantId, area: 'resource', path: 'template/商品导入模板.xlsx' }, xlsx);
      const q = `resource=${encodeURIComponent('template/商品导入模板.xlsx')}`;
      const d = await download(a.token, q, '/api/common/download/resource');
      expect(d.statusCode).toBe(200);
      expect(d.rawPayload.equals(xlsx)).toBe(true);
      expect(d.headers['download-filename']).toBe(encodeURIComponent('商品导入模板.xlsx'));
      expect(d.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
      expect((await download(b.token, q, '/api/common/download/resource')).statusCode).toBe(404);
      // resources and uploads are separate areas
      expect((await download(a.token, `fileName=${encodeURIComponent('template/商品导入模板.xlsx')}`)).statusCode).toBe(404);
      expect((await download(a.token, `${q}&delete=true`, '/api/common/download/resource')).statusCode).toBe(400);
    });
  });
});

describe('configuration', () => {
  it('keeps files in <DATA_DIR>/files unless FILES_DIR says otherwise', () => {
    expect(loadConfig({ DATA_DIR: '/srv/erp' }).filesDir).toBe(path.resolve('/srv/erp/files'));
    expect(loadConfig({ DATA_DIR: '/srv/erp', FILES_DIR: '/mnt/files' }).filesDir).toBe(path.resolve('/mnt/files'));
    expect(loadConfig({ FILE_STORE: 'local' })).toMatchObject({ fileStore: 'local', s3: undefined });
  });

  it('reads the S3 settings, and stops on a missing bucket, half a key or an unknown store', () => {
    const env = { FILE_STORE: 's3', S3_ENDPOINT: 'http://minio:9000', S3_BUCKET: 'erp', S3_ACCESS_KEY: 'k', S3_SECRET_KEY: 's', S3_PREFIX: 'prod' };
    expect(loadConfig(env)).toMatchObject({
      fileStore: 's3',
      s3: { endpoint: 'http://minio:9000', bucket: 'erp', region: 'us-east-1', accessKeyId: 'k', secretAccessKey: 's', forcePathStyle: true, prefix: 'prod/' },
    });
    expect(loadConfig({ ...env, S3_FORCE_PATH_STYLE: 'false', S3_REGION: 'cn-north-1' }).s3).toMatchObject({ forcePathStyle: false, region: 'cn-north-1' });
    expect(() => loadConfig({ FILE_STORE: 's3' })).toThrow(/S3_BUCKET/);
    expect(() => loadConfig({ ...env, S3_SECRET_KEY: '' })).toThrow(/S3_ACCESS_KEY and S3_SECRET_KEY/);
    expect(() => loadConfig({ FILE_STORE: 'ftp' })).toThrow(/FILE_STORE=ftp is not supported/);
  });

  it('refuses to start on a bucket that does not exist', async () => {
    const s3 = await startS3Server();
    try {
      await expect(S3FileStore.open({ ...s3.settings, bucket: 'no-such-bucket' })).rejects.toThrow(/bucket no-such-bucket cannot be reached/);
    } finally {
      await s3.close();
    }
  });
});
