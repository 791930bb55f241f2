import dayjs from 'dayjs';
import { createSchema, updateSchema, ENTITIES, type EntityDef, type Field } from '@erp/entities';
import type { CrudOptions, Row } from './crud-types.ts';
import { formFields } from './labels.ts';

type Values = Record<string, unknown>;

/** Fields of a child line the form edits: the link to the parent is implied. */
export const lineFields = (fd: Extract<Field, { kind: 'lines' }>) => formFields(fd.of).filter(([k]) => k !== fd.foreignKey);

/** A stored value → the form's (dates as dayjs, money as text, lines field by field). */
function toForm(fd: Field, v: unknown): unknown {
  if (v === null || v === undefined) return fd.kind === 'bool' ? false : fd.kind === 'lines' ? [] : undefined;
  if (fd.kind === 'date' || fd.kind === 'datetime') return dayjs(String(v));
  if (fd.kind === 'money' || fd.kind === 'quantity') return String(v);
  if (fd.kind === 'lines' && Array.isArray(v)) {
    // the line's id and link names (depotName …) stay in the store for the save and the pickers
    return v.map((line: Values) => ({ ...line, ...Object.fromEntries(lineFields(fd).map(([k, cfd]) => [k, toForm(cfd, line[k])])) }));
  }
  return v;
}

/** A form value → the body's: trimmed text, formatted dates, '' as null. */
function toValue(fd: Field, v: unknown): unknown {
  if (dayjs.isDayjs(v)) return v.format(fd.kind === 'date' ? 'YYYY-MM-DD' : 'YYYY-MM-DD HH:mm:ss');
  if (typeof v === 'string') v = v.trim();
  if (fd.kind === 'bool') return Boolean(v);
  if (fd.kind === 'lines') return Array.isArray(v) ? v.map((line: Values) => lineBody(fd, line)) : [];
  return v === '' || v === undefined ? null : v;
}

/** A line keeps its id (changed, not re-added); a new line leaves out what is empty. */
function lineBody(fd: Extract<Field, { kind: 'lines' }>, line: Values): Values {
  const out: Values = typeof line.id === 'number' ? { id: line.id } : {};
  for (const [k, cfd] of lineFields(fd)) {
    const v = toValue(cfd, line[k]);
    if (v === null && (out.id === undefined || cfd.required)) continue;
    out[k] = v;
  }
  return out;
}

/** A row → the form's values; a new record starts with flags off and the page's fixed filter. */
export function toFormValues(def: EntityDef, row: Row | undefined, opts: CrudOptions): Values {
  if (!row) {
    const init: Values = { ...opts.fixedFilter };
    for (const [k, fd] of formFields(def)) if ((fd.kind === 'bool' || fd.kind === 'lines') && !(k in init)) init[k] = toForm(fd, null);
    return init;
  }
  if (opts.toForm) return opts.toForm(row);
  const values = Object.fromEntries(formFields(def).map(([k, fd]) => [k, toForm(fd, row[k])]));
  return opts.adjustForm ? opts.adjustForm(values, row) : values;
}

/**
 * The form's values → the add / update body. An update sends emptied optional fields as null
 * (the server clears them); an add leaves them out. Empty text never meets a pattern check as ''.
 */
export function toBody(def: EntityDef, values: Values, row: Row | undefined, opts: CrudOptions): Values {
  if (opts.toBody) return opts.toBody(values, row);
  const body: Values = {};
  for (const [k, fd] of formFields(def)) {
    if (row && opts.createOnly?.includes(k)) continue;
    const v = toValue(fd, values[k]);
    if (v === null && (!row || fd.required)) continue;
    body[k] = v;
  }
  for (const [k, v] of Object.entries(opts.fixedFilter ?? {})) if (k in def.fields && !row) body[k] = v;
  return opts.adjustBody ? opts.adjustBody(body, values, row) : body;
}

/**
 * The server's own schema run in the browser for registry entities (derived from the same
 * definition), so a body the server would refuse is stopped here with the field named.
 */
export function schemaIssues(def: EntityDef, body: Values, id?: number): Array<{ field: string; message: string }> {
  if (ENTITIES[def.name] !== def) return [];
  const r = id === undefined ? createSchema(def).safeParse(body) : updateSchema(def).safeParse({ ...body, id });
  if (r.success) return [];
  return r.error.issues.map((i) => ({ field: String(i.path[0] ?? ''), message: i.message }));
}
