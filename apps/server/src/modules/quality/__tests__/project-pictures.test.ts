import { describe, expect, it } from 'vitest';
import { newTenant, testApp } from '../../../test-support/harness.ts';
import { SAMPLE, uploadFile } from '../../../test-support/upload.ts';
import { ok } from './fixtures.ts';

describe('quality projects: pictures go through the shared upload check', async () => {
  const { app, db } = await testApp();
  const t = await newTenant(app, 'qpp');
  const other = await newTenant(app, 'qpx');
  const count = async () =>
    (await db.system((tx) => tx.one<{ n: number }>('select count(*)::int as n from quality_project where tenant_id = $1', [t.tenantId])))!.n;

  it("takes the company's uploaded images only, on add and on update; a refusal writes nothing", async () => {
    const photo = await uploadFile(app, t.token, '验货照片.png', SAMPLE.png());
    const report = await uploadFile(app, t.token, '验货报告.pdf', SAMPLE.pdf());
    const theirs = await uploadFile(app, other.token, '他人.png', SAMPLE.png());
    const add = (pictures: string) => t.api.post('/qualityProject/add', { projectNumber: `QP-${Date.now()}`, name: '出货验货', pictures });
    expect((await add(report)).body.data.message).toBe('图片格式不正确, 请上传png,jpg,jpeg格式图片!');
    expect((await add(theirs)).body.data.message).toBe(`文件不存在：${theirs}`);
    // a well-formed path that is no upload of the company (the old path check let it through)
    expect((await add('upload/2026/11/made-up.png')).body.data.message).toBe('文件不存在：upload/2026/11/made-up.png');
    expect(await count()).toBe(0);

    const id = (await ok(add(photo))).id;
    expect((await ok<{ pictures: string }>(t.api.get(`/qualityProject/info?id=${id}`))).pictures).toBe(photo);
    const changed = await t.api.put('/qualityProject/update', { id, pictures: `${photo},${report}` });
    expect(changed.body.data.message).toBe('图片格式不正确, 请上传png,jpg,jpeg格式图片!');
    expect((await ok<{ pictures: string }>(t.api.get(`/qualityProject/info?id=${id}`))).pictures).toBe(photo);
    // clearing them is allowed
    await ok(t.api.put('/qualityProject/update', { id, pictures: '' }));
    expect((await ok<{ pictures: string | null }>(t.api.get(`/qualityProject/info?id=${id}`))).pictures ?? '').toBe('');
  });
});
