import { expect } from 'vitest';
import type { Client } from '../../../test-support/harness.ts';

export async function ok<T = { id: number }>(p: Promise<{ body: { code: number; data: unknown } }>): Promise<T> {
  const r = await p;
  expect(r.body.code, JSON.stringify(r.body)).toBe(200);
  return r.body.data as T;
}

/** Two detection items (length 9.8–10.2 mm, appearance OK/Scratch) and an incoming (or other stage's) template of n fixed samples for a material. */
export async function incomingTemplate(api: Client, materialId: number, tag: string, samples = 5, stage: 'incoming' | 'outgoing' | 'inProcess' = 'incoming') {
  const length = (await ok(api.post('/detectionItem/add', { name: `长度${tag}`, valueKind: 'numeric', unit: 'mm', lowerLimit: 9.8, upperLimit: 10.2 }))).id;
  const look = (await ok(api.post('/detectionItem/add', { name: `外观${tag}`, valueKind: 'choice', choices: 'OK, Scratch', passChoices: 'OK' }))).id;
  const template = (
    await ok(
      api.post('/detectionTemplate/add', {
        name: `来料模板${tag}`,
        stage,
        materialId,
        sampling: 'fixed',
        sampleValue: samples,
        items: [{ itemId: length }, { itemId: look }],
      }),
    )
  ).id;
  return { length, look, template };
}

export interface Inspection {
  id: number;
  number: string;
  status: string;
  heldQty: number;
  batchNumber: string;
  sampleSize: number;
  sourceNumber: string;
}

export async function inspectionsOf(api: Client, sourceNumber: string, stage = 'incoming'): Promise<Inspection[]> {
  const r = await ok<{ rows: Inspection[] }>(api.get(`/quality/inspection/list?stage=${stage}&number=${sourceNumber}&pageSize=50`));
  return r.rows;
}

/** Values for every sample: length 10.0 and appearance ' ok ' (case and spaces ignored), except the samples given as bad. */
export function values(items: { length: number; look: number }, samples: number, badLength: number[] = []) {
  return Array.from({ length: samples }, (_, i) => [
    { sampleNo: i + 1, itemId: items.length, value: badLength.includes(i + 1) ? '10.5' : '10.0' },
    { sampleNo: i + 1, itemId: items.look, value: ' ok ' },
  ]).flat();
}
