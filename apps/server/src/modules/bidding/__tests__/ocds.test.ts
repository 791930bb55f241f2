import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import Ajv04 from 'ajv-draft-04';
import addFormats from 'ajv-formats';
import { testApp } from '../../../test-support/harness.ts';
import { bidWorld, okData, TO_OPENING } from './fixtures.ts';

let app: FastifyInstance;
beforeAll(async () => {
  ({ app } = await testApp());
});

// the OCDS 1.1.5 release schema shipped in the repo (draft-04; its own keywords such as codelist are annotations)
const schema = JSON.parse(readFileSync(new URL('../ocds/release-schema.json', import.meta.url), 'utf8'));
const ajv = new Ajv04({ strict: false, allErrors: true });
addFormats(ajv);
const validate = ajv.compile(schema);
const valid = (release: unknown) => {
  const ok = validate(release);
  expect(ok, JSON.stringify(validate.errors)).toBe(true);
};

describe('OCDS release export', () => {
  it('exports a project at each stage as a release the OCDS schema accepts, the award naming the winner', async () => {
    const w = await bidWorld(app);
    const id = await w.project({ code: 'ZB-2026-001' });
    const first = await okData(w.t.api.get(`/bidding/project/ocds?id=${id}`));
    valid(first);
    expect(first).toMatchObject({
      tag: ['tender'],
      initiationType: 'tender',
      tender: { id: 'ZB-2026-001', status: 'planning', value: { amount: 1000000, currency: 'CNY' } },
    });
    expect(first.tender.items).toEqual([
      { id: '1', description: '一标段 服务器', quantity: 10, unit: { name: '台' } },
      { id: '2', description: '二标段 交换机', quantity: 20.5, unit: { name: '台' } },
    ]);
    await w.walk(id, TO_OPENING);
    await okData(
      w.t.api.post('/bidding/opening/save', {
        projectId: id,
        bidders: [
          { name: '本公司', isSelf: true, openingPrice: '950000.5' },
          { name: '对手', openingPrice: '990000' },
        ],
      }),
    );
    const self = (await okData(w.t.api.get(`/bidding/project/detail?id=${id}`))).bidders.find((b: any) => b.isSelf);
    await okData(w.t.api.post('/bidding/result/register', { projectId: id, winnerId: self.id }));
    const awarded = await okData(w.t.api.get(`/bidding/project/ocds?id=${id}`));
    valid(awarded);
    expect(awarded.tag).toEqual(['award']);
    expect(awarded.tender).toMatchObject({ status: 'complete', numberOfTenderers: 2 });
    expect(awarded.awards).toEqual([
      expect.objectContaining({ status: 'active', value: { amount: 950000.5, currency: 'CNY' }, suppliers: [{ id: 'self', name: '本公司' }] }),
    ]);
    expect(awarded.parties.find((p: any) => p.id === 'self').roles).toEqual(['tenderer', 'supplier']);
    // the schema check is real: a release without its ocid is refused
    expect(validate({ ...awarded, ocid: undefined })).toBe(false);
  });
});
