import { z } from 'zod';
import { badRequest } from '../../../platform/errors.ts';

/** An id: JSON clients send numbers, query strings and some forms digit strings. */
export const idValue = z
  .union([
    z.number(),
    z
      .string()
      .trim()
      .regex(/^\d{1,15}$/, '须为编号')
      .transform(Number),
  ])
  .pipe(z.number().int('须为整数').positive('须为正整数').max(Number.MAX_SAFE_INTEGER));

/** A list of ids, unique, at most `max`. */
export const idArray = (max: number) =>
  z
    .array(idValue)
    .max(max, `一次最多${max}个`)
    .transform((a) => [...new Set(a)]);

/** '1,2,3' as the list screens send it (SPEC §7.4) → unique numbers. */
export const idsText = z
  .string()
  .trim()
  .max(16_000)
  .regex(/^\d{1,15}(,\d{1,15}){0,999}$/, 'ids 须为逗号分隔的编号')
  .transform((s) => [...new Set(s.split(',').map(Number))]);

export const idQuery = z.strictObject({ id: idValue });

/** An optional form text: '' and null clear it (stored as null); an optional pattern checks the rest. */
export const optText = (max: number, pattern?: { regex: RegExp; message: string }) => {
  let s = z.string().trim().max(max, `不能超过${max}个字符`);
  if (pattern) s = s.regex(pattern.regex, pattern.message);
  return z
    .union([z.literal(''), z.null(), s])
    .transform((v) => (v === '' ? null : v))
    .optional();
};

export const PHONE_RE = { regex: /^1[3-9]\d{9}$/, message: '请输入正确的手机号码' };
export const EMAIL_RE = { regex: /^[^@\s]+@[^@\s]+\.[^@\s]+$/, message: '请输入正确的邮箱地址' };

/** Paging of the hand-written lists, with the generic list's defaults (SPEC §9). */
export const paging = {
  currentPage: z.coerce.number().int().min(1).max(1_000_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(10_000).default(100),
};

/**
 * The list screens send their filters as JSON text in `search` (SPEC §7.4); the keys a list
 * understands are given by `shape`, anything else is a 400 like the generic lists.
 */
export function parseSearch<S extends z.ZodRawShape>(text: string | undefined, shape: S): z.infer<z.ZodObject<S>> {
  let raw: unknown = {};
  if (text) {
    try {
      raw = JSON.parse(text);
    } catch {
      throw badRequest('参数错误 search: 不是合法的JSON');
    }
  }
  const r = z.strictObject(shape).safeParse(raw);
  if (!r.success) {
    const issue = r.error.issues[0];
    throw badRequest(`参数错误 search${issue.path.length ? '.' + issue.path.join('.') : ''}: ${issue.message}`);
  }
  return r.data;
}

/** A search filter value: '' and null mean "no filter". */
export const filterText = z
  .union([z.literal(''), z.null(), z.string().trim().max(100)])
  .transform((v) => v || undefined)
  .optional();

export const likePattern = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** 'YYYY-MM-DD HH:mm:ss' for replies (ARCHITECTURE §3). */
export const ts = (col: string) => `to_char(${col}, 'YYYY-MM-DD HH24:MI:SS')`;
