/**
 * Field kinds of the entity kit (ARCHITECTURE §4). A field says what it holds and how lists,
 * searches, sorting and exports treat it; schemas, SQL and screens are derived from it.
 */
import type { EntityDef } from './define-entity.ts';

export interface Label {
  zh: string;
  en: string;
}

interface Common {
  label: Label;
  required?: boolean;
  /** Shown as a list column (default true). */
  list?: boolean;
  /** Filterable from the list's search JSON: 'like' for text contains, 'eq' exact, 'range' begin/end. */
  search?: 'like' | 'eq' | 'range';
  /** May be used as the list's sort column. */
  sort?: boolean;
  /** Included in spreadsheet export/import (default: same as list). */
  export?: boolean;
  /** Set by the server, never by a client (e.g. current balance). */
  readOnly?: boolean;
  /** Hidden from roles with price masking (purchase and sale prices). */
  price?: boolean;
  unique?: boolean;
  width?: number;
}

export type Field =
  | (Common & { kind: 'text'; max?: number; pattern?: { regex: string; message: string }; multiline?: boolean })
  | (Common & { kind: 'number'; int?: boolean; min?: number; max?: number })
  | (Common & { kind: 'money'; min?: number })
  | (Common & { kind: 'quantity'; min?: number })
  | (Common & { kind: 'date' })
  | (Common & { kind: 'datetime' })
  | (Common & { kind: 'bool'; /** at most one row of the company may be true (a default flag) */ exclusive?: boolean })
  | (Common & { kind: 'enum'; options: Array<{ value: string; label: Label }> })
  | (Common & { kind: 'dict'; dictType: string })
  | (Common & { kind: 'link'; entity: string; display?: string })
  | (Common & { kind: 'parent' })
  | (Common & { kind: 'images'; maxCount?: number })
  | (Common & { kind: 'files'; maxCount?: number })
  /** Child rows saved with their parent (barcodes of a material, lines of a document). */
  | (Common & { kind: 'lines'; of: EntityDef<any>; foreignKey: string; maxLines?: number });

export type FieldKind = Field['kind'];
type Opts<K extends FieldKind> = Omit<Extract<Field, { kind: K }>, 'kind' | 'label'>;
const mk =
  <K extends FieldKind>(kind: K) =>
  (zh: string, en: string, o?: Opts<K>) =>
    ({ kind, label: { zh, en }, ...o }) as Extract<Field, { kind: K }>;

/** Short constructors: `f.text('名称', 'Name', { required: true, search: 'like' })`. */
export const f = {
  text: mk('text'),
  number: mk('number'),
  money: mk('money'),
  quantity: mk('quantity'),
  date: mk('date'),
  datetime: mk('datetime'),
  bool: mk('bool'),
  enum: (zh: string, en: string, o: Opts<'enum'>) => ({ kind: 'enum' as const, label: { zh, en }, ...o }),
  dict: (zh: string, en: string, o: Opts<'dict'>) => ({ kind: 'dict' as const, label: { zh, en }, ...o }),
  link: (zh: string, en: string, o: Opts<'link'>) => ({ kind: 'link' as const, label: { zh, en }, ...o }),
  parent: mk('parent'),
  images: mk('images'),
  files: mk('files'),
  lines: (zh: string, en: string, o: Opts<'lines'>) => ({ kind: 'lines' as const, label: { zh, en }, list: false, ...o }),
};

/** Spec §5 numeric check: an integer or a decimal with up to 3 places. */
export const NUMERIC_RE = /^-?\d+(\.\d{1,3})?$/;
/** Spec §5 phone check: 11 digits, first 1, second 3–9. */
export const PHONE = { regex: '^1[3-9]\\d{9}$', message: '请输入正确的手机号码' };
