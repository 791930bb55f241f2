import type { z } from 'zod';

/**
 * jshERP's client speaks a looser dialect than our API: extra keys on every call, numbers and '0'/'1'
 * flags as strings, `info`/`rows` as JSON text, blank inputs as '', id lists with a trailing comma.
 * `lenient` rewrites a payload so that our own schema accepts what jshERP means, using that schema as the
 * only guide: keys the schema does not name are dropped (so no extra key can ever reach a column such as
 * tenant_id or creator), and a value the schema refuses is replaced by the first reading of it the schema
 * accepts. A value no reading repairs is left as it is, so our validation still answers with its message.
 */
type Schema = z.ZodType;
type Def = { type: string; innerType?: Schema; in?: Schema; shape?: Record<string, Schema>; element?: Schema; options?: Schema[] };

const def = (s: Schema) => (s as unknown as { def: Def }).def;

/** The schema under optional/default/nullable/pipe wrappers. */
export function unwrap(s: Schema): Schema {
  for (;;) {
    const d = def(s);
    if (d.innerType && ['optional', 'default', 'nullable', 'prefault', 'catch', 'readonly', 'nonoptional'].includes(d.type)) s = d.innerType;
    else if (d.type === 'pipe' && d.in) s = d.in;
    else return s;
  }
}

const accepts = (s: Schema, v: unknown) => s.safeParse(v).success;

/** Other readings of a value, most likely first. */
function readings(v: unknown): unknown[] {
  if (typeof v === 'number' || typeof v === 'boolean') return [String(v)];
  if (typeof v !== 'string') return [];
  const t = v.trim();
  const out: unknown[] = [];
  if (/,+$/.test(t)) out.push(t.replace(/,+$/, ''));
  if (/^-?\d+(\.\d+)?$/.test(t)) out.push(Number(t));
  if (t === '1' || t === 'true') out.push(true);
  if (t === '0' || t === 'false') out.push(false);
  if (/^[[{]/.test(t)) {
    try {
      out.push(JSON.parse(t));
    } catch {
      // not JSON after all: our schema's message says what is wrong
    }
  }
  return out;
}

/** A blank input ('' or null) means "not given" where the field is not text, or where its rule refuses blank text. */
function blankFor(s: Schema, v: unknown): boolean {
  if (v !== '' && v !== null) return false;
  // coercing numbers would read '' as 0; a text rule (an e-mail pattern) may refuse ''
  return def(unwrap(s)).type !== 'string' ? !(v === null && accepts(s, null)) : !accepts(s, v);
}

export function lenientValue(s: Schema, v: unknown): unknown {
  const inner = unwrap(s);
  const d = def(inner);
  if (d.type === 'object' && d.shape) {
    const obj = typeof v === 'string' ? readings(v).find((r) => r && typeof r === 'object' && !Array.isArray(r)) : v;
    return obj && typeof obj === 'object' && !Array.isArray(obj) ? lenientObject(inner, obj as Record<string, unknown>) : v;
  }
  if (d.type === 'array' && d.element) {
    const arr = typeof v === 'string' ? readings(v).find(Array.isArray) : v;
    return Array.isArray(arr) ? arr.map((e) => lenientValue(d.element!, e)) : v;
  }
  if (accepts(s, v)) return v;
  return readings(v).find((r) => accepts(s, r)) ?? v;
}

/** The keys an object schema names (none for another kind of schema). */
export function schemaKeys(schema: Schema | undefined): string[] {
  const d = schema && def(unwrap(schema));
  return d?.type === 'object' && d.shape ? Object.keys(d.shape) : [];
}

/** Keeps the keys the object schema names, each read leniently; a schema that is not an object passes the payload through. */
export function lenientObject(schema: Schema | undefined, payload: Record<string, unknown>): Record<string, unknown> {
  if (!schema) return {};
  const d = def(unwrap(schema));
  if (d.type !== 'object' || !d.shape) return payload;
  const out: Record<string, unknown> = {};
  for (const [k, s] of Object.entries(d.shape)) {
    if (!(k in payload) || blankFor(s, payload[k])) continue;
    out[k] = lenientValue(s, payload[k]);
  }
  return out;
}
