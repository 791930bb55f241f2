/**
 * An entity definition and its field kinds (ARCHITECTURE §4). A field says what it holds and how lists,
 * searches, sorting and exports treat it; schemas, SQL and screens are derived from it.
 */

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

export type EntityKind = 'master' | 'document' | 'line' | 'setting';

export interface EntityDef<F extends Record<string, Field> = Record<string, Field>> {
  /** URL segment and registry key: `/<name>/list`. */
  name: string;
  table: string;
  area: string;
  kind: EntityKind;
  label: Label;
  fields: F;
  /** Name-exists rule: this field must be unique among live rows of the company (SPEC §7.5). */
  nameField?: keyof F & string;
  /** Further fields the name is unique within (partners: the same name may be a supplier and a customer). */
  nameScope?: Array<keyof F & string>;
  /** The refusal when the name rule is broken (default 名称已存在). */
  nameExistsMessage?: string;
  /** The record has an enabled flag toggled by batchSetStatus. */
  status?: boolean;
  /** Soft delete (master data); otherwise rows are deleted. */
  softDelete?: boolean;
  /** The menu function(s) that guard every call (any one suffices); writes need button 1, export/import button 3. */
  menu: string | readonly string[];
  /**
   * A fixed filter per menu screen, when one entity has several screens (partners: the supplier,
   * customer and member lists). Each menu of `menu` gets the generic list screen on the web.
   */
  menuFilter?: Record<string, Record<string, string>>;
  /** Default list order (field name); createTime descending when absent. */
  defaultSort?: { field: string; order: 'ascend' | 'descend' };
  /** Columns summed over the whole filtered list (`data.sums`). */
  sums?: Array<keyof F & string>;
  /**
   * Read-only list columns the server's controller fills (e.g. a material's base barcode and prices), so
   * screens can show them; also accepted as filter keys when the controller has a filter for them.
   */
  computed?: Record<string, { label: Label; kind: 'text' | 'money' | 'quantity'; price?: boolean; search?: boolean }>;
}

export function defineEntity<const F extends Record<string, Field>>(def: EntityDef<F>): EntityDef<F> {
  for (const k of Object.keys(def.fields)) {
    if (!/^[a-z][A-Za-z0-9]*$/.test(k)) throw new Error(`${def.name}: field name ${k} must be camelCase`);
  }
  if (def.nameField && !(def.nameField in def.fields)) throw new Error(`${def.name}: nameField ${def.nameField} is not a field`);
  return def;
}

/** camelCase field → snake_case column. */
export const column = (field: string) => field.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/** Columns every entity table has besides its fields. */
export const SYSTEM_COLUMNS = ['tenant_id', 'id', 'created_at', 'updated_at', 'creator', 'updater'] as const;

/** A definition as the kit's generic code reads it (its field names widened to string); the registry does the same. */
export const widen = <F extends Record<string, Field>>(def: EntityDef<F>): EntityDef => def as unknown as EntityDef;
