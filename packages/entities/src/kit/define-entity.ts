import type { Field, Label } from './fields.ts';

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
