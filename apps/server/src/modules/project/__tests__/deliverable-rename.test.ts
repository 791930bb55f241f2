import { describe, expect, it } from 'vitest';
import { newTenant, testApp, uniqueName } from '../../../test-support/harness.ts';
import { SAMPLE, uploadFile as upload } from '../../../test-support/upload.ts';
import { okData, refusal } from './fixtures.ts';

describe('renaming a deliverable', async () => {
  const { app, db } = await testApp();
  const t = await newTenant(app, 'prjr');
  const api = t.api;
  const project = await okData(api.post('/project/add', { name: uniqueName('改名项目'), startDate: '2026-11-02' }));
  const v1 = await upload(app, t.token, '手册.pdf', SAMPLE.pdf('v1'));
  const v2 = await upload(app, t.token, '手册.pdf', SAMPLE.pdf('v2'));
  const d = await okData(api.post('/project/deliverables/add', { projectId: project.id, name: '操作手册', fileName: v1 }));
  await okData(api.post('/project/deliverables/version', { deliverableId: d.id, fileName: v2 }));
  const other = await okData(api.post('/project/deliverables/add', { projectId: project.id, name: '培训材料', fileName: v1 }));
  const names = async () => (await okData(api.get(`/project/deliverables/all?projectId=${project.id}`))).rows.map((r: any) => r.name).sort();

  it('renames it, keeping every version and its stored file, and audits the old and new names', async () => {
    expect(await okData(api.post('/project/deliverables/rename', { id: d.id, name: '  产线操作手册 ' }))).toEqual({ id: d.id, name: '产线操作手册' });
    expect(await names()).toEqual(['产线操作手册', '培训材料'].sort());
    const versions = await okData(api.get(`/project/deliverables/versions?id=${d.id}`));
    expect(versions.map((v: any) => [v.version, v.fileName])).toEqual([
      [2, v2],
      [1, v1],
    ]);
    expect((await api.get(`/common/download?fileName=${encodeURIComponent(v2)}`)).text).toContain('v2');
    const log = await db.system((tx) =>
      tx.query<{ operation: string; content: any }>(
        `select operation, content from sys_log where tenant_id = $1 and entity = 'deliverable' and record_ids = $2 order by id desc limit 1`,
        [t.tenantId, String(d.id)],
      ),
    );
    const content = typeof log[0]!.content === 'string' ? JSON.parse(log[0]!.content) : log[0]!.content;
    expect([log[0]!.operation, content]).toEqual(['update', { from: '操作手册', to: '产线操作手册' }]);
  });

  it('refuses a bad, taken or unchanged name, another company and a closed project, writing nothing', async () => {
    const before = await names();
    for (const [name, msg] of [
      ['', '交付物名称不能为空'],
      ['   ', '交付物名称不能为空'],
      ['a/b', '交付物名称不能包含'],
      ['手册:v2', '交付物名称不能包含'],
      ['x'.repeat(101), '交付物名称最多100个字'],
      ['培训材料', '该项目已有同名交付物'],
      ['产线操作手册', '新名称与原名称相同'],
    ] as const)
      expect(await refusal(api.post('/project/deliverables/rename', { id: d.id, name }))).toContain(msg);
    expect(await refusal(api.post('/project/deliverables/rename', { id: 99999999, name: '新名' }))).toBe('交付物不存在');
    expect(await refusal(api.post('/project/deliverables/add', { projectId: project.id, name: 'a|b', fileName: v1 }))).toContain('交付物名称不能包含');
    const stranger = await newTenant(app, 'prjr2');
    expect(await refusal(stranger.api.post('/project/deliverables/rename', { id: other.id, name: '偷改' }))).toBe('交付物不存在');
    for (const to of ['progress', 'online', 'acceptance', 'summary', 'closed']) await okData(api.post('/project/transition', { id: project.id, to }));
    expect(await refusal(api.post('/project/deliverables/rename', { id: other.id, name: '新名' }))).toBe('项目已关闭，交付物不能改名');
    expect(await names()).toEqual(before);
  });
});
