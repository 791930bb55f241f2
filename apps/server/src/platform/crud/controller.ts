import type { EntityDef } from '@erp/entities';
import type { Tx } from '../db/database.ts';
import type { Session } from '../auth/session.ts';
import type { FileStore } from '../files/index.ts';

/** What a controller's functions receive: the request's transaction, the caller, the entity (and, on a save, the file store). */
export interface HookCtx {
  tx: Tx;
  session: Session;
  def: EntityDef;
  /** the app's file store, on add, update and import: a hook checks attached files against it */
  files?: FileStore;
}
/** Before or after a save; `row` holds the validated fields (a before hook may adjust them), `id` is undefined for a new record. */
export type SaveHook = (c: HookCtx, row: Record<string, unknown>, id: number | undefined) => Promise<void>;
export type DeleteHook = (c: HookCtx, ids: number[]) => Promise<void>;
export type StatusHook = (c: HookCtx, ids: number[], enabled: boolean) => Promise<void>;
/** Fills an entity's computed columns on a page of list rows. */
export type ListHook = (c: HookCtx, rows: Array<Record<string, unknown>>) => Promise<void>;
/** A list filter on a computed column: pushes SQL on `t` with bound parameters. */
export type ListFilter = (value: unknown, w: { sql: string[]; params: unknown[] }) => void;

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

/**
 * Per-entity behaviour the generic engine cannot know (ARCHITECTURE §4), in one typed object
 * beside its module (`<entity>.controller.ts`), listed in the module's index `controllers`.
 */
export interface EntityController {
  /** the entity's registry name */
  entity: string;
  beforeSave?: SaveHook;
  afterSave?: SaveHook;
  beforeDelete?: DeleteHook;
  beforeStatus?: StatusHook;
  /** fills computed list columns (EntityDef.computed) on each page */
  listFill?: ListHook;
  /** filters on computed columns, by key */
  filters?: Record<string, ListFilter>;
  sheet?: SheetHook;
}

export const defineController = (c: EntityController): EntityController => c;

const controllers = new Map<string, EntityController>();

/** Called once by app.ts with every module's `controllers`; a second controller for one entity is a mistake. */
export function useControllers(list: EntityController[]): void {
  for (const c of list) {
    const had = controllers.get(c.entity);
    if (had && had !== c) throw new Error(`two controllers for entity ${c.entity}`);
    controllers.set(c.entity, c);
  }
}

export const controllerOf = (entity: string): EntityController | undefined => controllers.get(entity);

export async function runStatusHook(c: HookCtx, ids: number[], enabled: boolean) {
  await controllerOf(c.def.name)?.beforeStatus?.(c, ids, enabled);
}
export async function runSaveHook(op: 'beforeSave' | 'afterSave', c: HookCtx, row: Record<string, unknown>, id?: number) {
  await controllerOf(c.def.name)?.[op]?.(c, row, id);
}
export async function runDeleteHook(c: HookCtx, ids: number[]) {
  await controllerOf(c.def.name)?.beforeDelete?.(c, ids);
}
export async function runListHook(c: HookCtx, rows: Array<Record<string, unknown>>) {
  const h = controllerOf(c.def.name)?.listFill;
  if (h && rows.length) await h(c, rows);
}
export const listFilter = (entity: string, key: string) => controllerOf(entity)?.filters?.[key];
export const sheetHook = (entity: string) => controllerOf(entity)?.sheet;
