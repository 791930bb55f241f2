import { beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { newTenant, testApp } from '../../../test-support/harness.ts';
import { download, SAMPLE, uploadFile } from '../../../test-support/upload.ts';
import { bidWorld, okData, refusal } from './fixtures.ts';

let app: FastifyInstance;
beforeAll(async () => {
  ({ app } = await testApp());
});

const lines = async (api: Awaited<ReturnType<typeof bidWorld>>['t']['api'], id: number) =>
  (await okData(api.get(`/bidding/project/detail?id=${id}`))).reviews as Array<{ kind: string; item: string; evidence: string | null }>;

describe('evidence files of the qualification self-assessment and document review', () => {
  it('stores uploads as evidence, downloads them, and removes the ones a later save drops', async () => {
    const w = await bidWorld(app);
    const id = await w.project();
    await w.walk(id, ['survey', 'qualification']);
    const cert = await uploadFile(app, w.t.token, '资质证书.pdf', SAMPLE.pdf('cert'), 'bidding');
    const scan = await uploadFile(app, w.t.token, '营业执照.png', SAMPLE.png(), 'bidding');
    const deeds = await uploadFile(app, w.t.token, '业绩合同.pdf', SAMPLE.pdf('deeds'), 'bidding');
    await okData(
      w.t.api.post('/bidding/review/qualification', {
        projectId: id,
        lines: [
          { item: '企业资质', result: 'pass', evidence: `${cert},${scan}` },
          { item: '类似业绩', result: 'pass', evidence: deeds },
        ],
      }),
    );
    expect((await lines(w.t.api, id)).map((l) => [l.item, l.evidence])).toEqual([
      ['企业资质', `${cert},${scan}`],
      ['类似业绩', deeds],
    ]);
    const got = await download(app, w.t.token, cert);
    expect(got.status).toBe(200);
    expect(got.body.toString()).toContain('% cert');

    // the second save keeps the certificate, drops the scan and the deeds: those files are gone
    await okData(w.t.api.post('/bidding/review/qualification', { projectId: id, lines: [{ item: '企业资质', result: 'pass', evidence: cert }] }));
    expect((await download(app, w.t.token, scan)).status).toBe(404);
    expect((await download(app, w.t.token, deeds)).status).toBe(404);
    expect((await download(app, w.t.token, cert)).status).toBe(200);

    // a refused save (a file that is not there) changes nothing and removes nothing
    expect(await refusal(w.t.api.post('/bidding/review/qualification', { projectId: id, lines: [{ item: '企业资质', result: 'pass', evidence: scan }] }))).toBe(
      `文件不存在：${scan}`,
    );
    expect((await lines(w.t.api, id)).map((l) => l.evidence)).toEqual([cert]);
    expect((await download(app, w.t.token, cert)).status).toBe(200);
  });

  it('refuses names that are not the company’s uploads, wrong types and more than 5 files, writing nothing', async () => {
    const w = await bidWorld(app);
    const other = await newTenant(app, 'bidx');
    const id = await w.project();
    const theirs = await uploadFile(app, other.token, '他人证书.pdf', SAMPLE.pdf('theirs'), 'bidding');
    const mine = await uploadFile(app, w.t.token, '证书.pdf', SAMPLE.pdf('mine'), 'bidding');
    const save = (evidence: string) =>
      refusal(w.t.api.post('/bidding/review/qualification', { projectId: id, lines: [{ item: '资质', result: 'pass', evidence }] }));
    // another company's file is never found in ours
    expect(await save(theirs)).toBe(`文件不存在：${theirs}`);
    expect(await save('资质证书.pdf')).toBe('文件不存在：资质证书.pdf');
    expect(await save('../../1/upload/x.pdf')).toContain('证明文件包含非法的文件路径');
    expect(await save('/etc/passwd')).toContain('证明文件包含非法的文件路径');
    expect(await save(mine.replace('.pdf', '.exe'))).toBe('文件格式不正确, 请上传doc,xls,ppt,txt,pdf,png,jpg,jpeg格式文件!');
    expect(await save(Array(6).fill(mine).join(','))).toContain('上传文件数量不能超过 5 个!');
    expect(await lines(w.t.api, id)).toEqual([]);
    // the other company's file is still theirs
    expect((await download(app, other.token, theirs)).status).toBe(200);
    expect((await download(app, w.t.token, theirs)).status).toBe(404);
  });

  it('document review lines carry files too; deleting the project removes every evidence file', async () => {
    const w = await bidWorld(app);
    const id = await w.project();
    await w.walk(id, ['survey', 'qualification']);
    const q = await uploadFile(app, w.t.token, '资质.pdf', SAMPLE.pdf('q'), 'bidding');
    const d = await uploadFile(app, w.t.token, '评审记录.pdf', SAMPLE.pdf('d'), 'bidding');
    await okData(w.t.api.post('/bidding/review/qualification', { projectId: id, lines: [{ item: '资质', result: 'pass', evidence: q }] }));
    await okData(w.t.api.post('/bidding/review/document', { projectId: id, lines: [{ item: '报价一致性', result: 'pass', evidence: d }] }));
    expect((await lines(w.t.api, id)).map((l) => [l.kind, l.evidence]).sort()).toEqual([
      ['document', d],
      ['qualification', q],
    ]);
    await okData(w.t.api.delete(`/bidding/project/delete?id=${id}`));
    expect((await download(app, w.t.token, q)).status).toBe(404);
    expect((await download(app, w.t.token, d)).status).toBe(404);
  });
});
