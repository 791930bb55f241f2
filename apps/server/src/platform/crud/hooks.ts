import type { EntityDef } from '@erp/entities';
import type { Tx } from '../db/database.ts';
import type { Session } from '../auth/session.ts';

/** Per-entity behaviour the generic engine cannot know, registered by modules as `<entity>.<operation>`. */
export interface HookCtx {
  tx: Tx;
  session: Session;
  def: EntityDef;
}
export type SaveHook = (c: HookCtx, row: Record<string, unknown>, id: number | undefined) => Promise<void>;
export type DeleteHook = (c: HookCtx, ids: number[]) => Promise<void>;
export type StatusHook = (c: HookCtx, ids: number[], enabled: boolean) => Promise<void>;

const hooks = new Map<string, SaveHook | DeleteHook | StatusHook>();

export function registerHook(key: `${string}.beforeSave` | `${string}.afterSave`, fn: SaveHook): void;
export function registerHook(key: `${string}.beforeDelete`, fn: DeleteHook): void;
export function registerHook(key: `${string}.beforeStatus`, fn: StatusHook): void;
export function registerHook(key: string, fn: SaveHook | DeleteHook | StatusHook): void {
  hooks.set(key, fn);
}

export async function runStatusHook(c: HookCtx, ids: number[], enabled: boolean) {
  const h = hooks.get(`${c.def.name}.beforeStatus`) as StatusHook | undefined;
  if (h) await h(c, ids, enabled);
}

export async function runSaveHook(op: 'beforeSave' | 'afterSave', c: HookCtx, row: Record<string, unknown>, id?: number) {
  const h = hooks.get(`${c.def.name}.${op}`) as SaveHook | undefined;
  if (h) await h(c, row, id);
}

export async function runDeleteHook(c: HookCtx, ids: number[]) {
  const h = hooks.get(`${c.def.name}.beforeDelete`) as DeleteHook | undefined;
  if (h) await h(c, ids);
}

/** Fills an entity's computed columns on a page of list rows. */
export type ListHook = (c: HookCtx, rows: Array<Record<string, unknown>>) => Promise<void>;
/** A list filter on a computed column: pushes SQL on `t` with bound parameters. */
export type ListFilter = (value: unknown, w: { sql: string[]; params: unknown[] }) => void;

const listHooks = new Map<string, ListHook>();
const listFilters = new Map<string, ListFilter>();

export function registerListHook(entity: string, fn: ListHook): void {
  listHooks.set(entity, fn);
}
export function registerListFilter(entity: string, key: string, fn: ListFilter): void {
  listFilters.set(`${entity}.${key}`, fn);
}
export async function runListHook(c: HookCtx, rows: Array<Record<string, unknown>>) {
  const h = listHooks.get(c.def.name);
  if (h && rows.length) await h(c, rows);
}
export const listFilter = (entity: string, key: string) => listFilters.get(`${entity}.${key}`);

/** A spreadsheet column the entity's own fields do not give (a child line's, or one per warehouse …). */
export interface SheetColumn {
  key: string;
  header: string;
}

/**
 * How an entity with child lines travels through its spreadsheet (export.ts, import.ts). Export:
 * the extra columns, and the sheet rows of the exported records (a record may fill several rows,
 * e.g. one per barcode). Import: the sheet rows of one record (rows with the same name and name
 * scope) come back together; `body` holds the entity's own fields from the first of them, `cells`
 * every row's other cells by header; the hook returns the body with its lines and the id of the
 * record to update (undefined: a new one). Everything then goes through the normal save.
 */
export interface SheetHook {
  exportRows(c: HookCtx, records: Array<Record<string, unknown>>): Promise<{ columns: SheetColumn[]; rows: Array<Record<string, unknown>> }>;
  importRecord(c: HookCtx, body: Record<string, unknown>, cells: Array<Record<string, unknown>>): Promise<{ body: Record<string, unknown>; id?: number }>;
}

const sheetHooks = new Map<string, SheetHook>();
export function registerSheetHook(entity: string, hook: SheetHook): void {
  sheetHooks.set(entity, hook);
}
export const sheetHook = (entity: string) => sheetHooks.get(entity);
