import { z } from 'zod';
import { NUMERIC_RE, type EntityDef, type Field } from './definition.ts';

const DATE_RE = /^\d{4}-\d{2}-\d{2}$/;
const DATETIME_RE = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;
// relative file paths as issued by the upload call: no parent steps, no absolute paths
const FILE_PATH_RE = /^(?!.*\.\.)(?!\/)[\w\-./\u4e00-\u9fa5]+$/;

/** Money and quantities travel as JSON numbers or numeric strings and leave as exact strings. */
const decimal = (label: string) =>
  z
    .union([z.number(), z.string().trim()])
    .transform((v) => (typeof v === 'number' ? String(v) : v))
    .refine((v) => NUMERIC_RE.test(v), `${label}只能是整数或最多3位小数`);

function base(fd: Field): z.ZodType {
  const name = fd.label.zh;
  switch (fd.kind) {
    case 'text': {
      let s = z
        .string()
        .trim()
        .max(fd.max ?? 255, `${name}不能超过${fd.max ?? 255}个字符`);
      if (fd.pattern) s = s.regex(new RegExp(fd.pattern.regex), fd.pattern.message);
      return fd.required ? s.min(1, `${name}不能为空`) : s;
    }
    case 'number': {
      let n = z.number();
      if (fd.int) n = n.int();
      if (fd.min !== undefined) n = n.min(fd.min);
      if (fd.max !== undefined) n = n.max(fd.max);
      return n;
    }
    case 'money':
    case 'quantity': {
      const d = decimal(name);
      return fd.min === undefined ? d : d.refine((v) => Number(v) >= fd.min!, `${name}不能小于${fd.min}`);
    }
    case 'date':
      return z.string().regex(DATE_RE, `${name}格式应为 YYYY-MM-DD`);
    case 'datetime':
      return z.string().regex(DATETIME_RE, `${name}格式应为 YYYY-MM-DD HH:mm:ss`);
    case 'bool':
      return z.boolean();
    case 'enum':
      return z.enum(fd.options.map((o) => o.value) as [string, ...string[]]);
    case 'dict':
      return z.string().trim().max(64);
    case 'link':
    case 'parent':
      return z.number().int().positive();
    case 'lines':
      return z.array(lineSchema(fd.of, fd.foreignKey)).max(fd.maxLines ?? 500, `${name}最多${fd.maxLines ?? 500}行`);
    case 'images':
    case 'files':
      return z
        .string()
        .max(4000)
        .refine((v) => v === '' || v.split(',').every((p) => FILE_PATH_RE.test(p)), `${name}包含非法的文件路径`)
        .refine((v) => v === '' || v.split(',').length <= (fd.maxCount ?? 5), `${name}数量不能超过${fd.maxCount ?? 5}个`);
  }
}

/** An optional field may be cleared with null, except a flag (absent means false) and lines (absent means unchanged). */
function optional(fd: Field): z.ZodType {
  return fd.kind === 'bool' || fd.kind === 'lines' ? base(fd).optional() : base(fd).nullable().optional();
}

function writable(def: EntityDef) {
  return Object.entries(def.fields).filter(([, fd]) => !fd.readOnly);
}

/** One child line: its own fields less the link to the parent, plus its id when it already exists. */
function lineSchema(child: EntityDef, foreignKey: string) {
  const shape: Record<string, z.ZodType> = { id: z.number().int().positive().optional() };
  for (const [k, fd] of writable(child)) if (k !== foreignKey) shape[k] = fd.required ? base(fd) : optional(fd);
  return z.strictObject(shape);
}

/** Add: required fields must be present; optional ones may be null. Unknown keys are refused. */
export function createSchema(def: EntityDef) {
  const shape: Record<string, z.ZodType> = {};
  for (const [k, fd] of writable(def)) shape[k] = fd.required ? base(fd) : optional(fd);
  if (def.status) shape.enabled = z.boolean().optional();
  return z.strictObject(shape);
}

/** Update: the id plus any subset of fields; a required field may not be cleared. */
export function updateSchema(def: EntityDef) {
  const shape: Record<string, z.ZodType> = { id: z.number().int().positive() };
  for (const [k, fd] of writable(def)) shape[k] = fd.required ? base(fd).optional() : optional(fd);
  if (def.status) shape.enabled = z.boolean().optional();
  return z.strictObject(shape);
}

export const LIST_PAGE_SIZES = [10, 20, 30, 50, 100] as const;
export const DEFAULT_PAGE_SIZE = 100;

/** The generic list query (SPEC §7.4); search and superQueryParams are JSON text checked by the server. */
export const listQuerySchema = z.strictObject({
  search: z.string().max(4000).optional(),
  currentPage: z.coerce.number().int().min(1).max(1_000_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(1000).default(DEFAULT_PAGE_SIZE),
  column: z.string().max(64).optional(),
  order: z.enum(['ascend', 'descend', 'asc', 'desc']).optional(),
  superQueryParams: z.string().max(4000).optional(),
  superQueryMatchType: z.enum(['and', 'or']).default('and'),
  /** keyset paging: the nextCursor of the previous page; the page then starts after its last row (currentPage is not used) */
  cursor: z.string().max(100).optional(),
});
export type ListQuery = z.infer<typeof listQuerySchema>;
