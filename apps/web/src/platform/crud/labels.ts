import type { EntityDef, Field, Label } from '@erp/entities';
import { isEnglish } from '../i18n/index.ts';

export const text = (l: Label, lang: string) => (isEnglish(lang) ? l.en : l.zh);

/** A label inside an English sentence ("Enter bank"), acronyms ("SKU") kept. */
export const midSentence = (label: string, lang: string) =>
  isEnglish(lang) && !/^[A-Z]{2}/.test(label) ? label.charAt(0).toLowerCase() + label.slice(1) : label;

/** English labels are written capitalised; inside a sentence ("New warehouse") they are not. */
export const inSentence = (l: Label, lang: string) => midSentence(text(l, lang), lang);

export function enumText(fd: Field, value: unknown, lang: string): string {
  if (fd.kind !== 'enum') return value === null || value === undefined ? '' : String(value);
  const o = fd.options.find((x) => x.value === value);
  return o ? text(o.label, lang) : value === null || value === undefined ? '' : String(value);
}

/** The row key holding a link's display name (server: `principal` → `principalName`, `parentId` → `parentName`). */
export const linkNameKey = (field: string) => `${field.replace(/Id$/, '')}Name`;

/** Fields shown as list columns, in definition order. */
export function listFields(def: EntityDef): Array<[string, Field]> {
  return Object.entries(def.fields).filter(([, fd]) => fd.list ?? true);
}

/** Fields the form edits (server-kept ones are not). */
export function formFields(def: EntityDef): Array<[string, Field]> {
  return Object.entries(def.fields).filter(([, fd]) => !fd.readOnly);
}

/**
 * What one record of the page is called: the definition's label, or the fixed type's label on a
 * page showing one type (the partner pages say 客户, not 往来单位).
 */
export function recordLabel(def: EntityDef, fixed: Record<string, string> | undefined): Label {
  for (const [k, v] of Object.entries(fixed ?? {})) {
    const fd = def.fields[k];
    const o = fd?.kind === 'enum' ? fd.options.find((x) => x.value === v) : undefined;
    if (o) return o.label;
  }
  return def.label;
}
