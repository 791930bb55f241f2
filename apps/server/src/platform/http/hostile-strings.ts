import type { FastifyInstance } from 'fastify';
import { badRequest } from '../errors.ts';

/** Depth past which a request's JSON is refused rather than walked (nobody nests 40 levels honestly). */
const MAX_DEPTH = 40;

/** The path of the first string holding a NUL character, or of nesting past MAX_DEPTH. */
function findHostile(v: unknown, path: string, depth: number): { path: string; why: 'nul' | 'deep' } | undefined {
  if (typeof v === 'string') return v.includes('\u0000') ? { path, why: 'nul' } : undefined;
  if (v === null || typeof v !== 'object') return undefined;
  if (depth > MAX_DEPTH) return { path, why: 'deep' };
  for (const [k, x] of Object.entries(v)) {
    if (k.includes('\u0000')) return { path: `${path}.${k.split('\u0000').join('\\0')}`, why: 'nul' };
    const found = findHostile(x, Array.isArray(v) ? `${path}[${k}]` : `${path}.${k}`, depth + 1);
    if (found) return found;
  }
  return undefined;
}

/**
 * PostgreSQL text cannot hold NUL (it answers 22021, which was a 500), and no honest client sends
 * one: refuse it at the edge, naming the field, for every route's body, query and path (issue 10).
 */
export function refuseHostileStrings(app: FastifyInstance): void {
  app.addHook('preValidation', async (req) => {
    for (const [where, value] of [
      ['body', req.body],
      ['query', req.query],
      ['params', req.params],
    ] as const) {
      const found = findHostile(value, where, 0);
      if (found?.why === 'nul') throw badRequest(`参数错误 ${found.path}: 不能包含空字符(\\u0000)`);
      if (found?.why === 'deep') throw badRequest(`参数错误 ${found.path}: 嵌套层级过深`);
    }
  });
}
