import crypto from 'node:crypto';
import type { Tx } from '../db/database.ts';
import { setWriteWatcher } from '../db/lazy-tx.ts';
import { afterKeys } from './list-query.ts';

/**
 * Deep OFFSET pages from page marks (issue 12 item 3, decisions.md "Deep list pages from page
 * marks"). OFFSET walks every skipped index entry, so page 5,000 of a million-row list cost 500,000
 * entries per view. Instead, one index-only pass records the sort values of every EVERY-th row of a
 * (company, table, filter, order) — a "mark" — and keeps them a minute in this process; a deep page
 * then seeks by keyset to the nearest mark before it and skips fewer than EVERY rows. The marks are
 * dropped as soon as this process writes one of the tables the list reads (watchWrites, from every
 * request's transaction), so a page holds exactly what OFFSET gives; a write by another server on the
 * same database is seen within the minute.
 * LIST_MARK_EVERY (1000) and LIST_DEEP_OFFSET (10,000: shallower pages keep the plain plan) are for tests.
 */
const every = () => Number(process.env.LIST_MARK_EVERY ?? 1000);
const deepFrom = () => Number(process.env.LIST_DEEP_OFFSET ?? 10_000);
const MARKS_MS = 60_000;
const MAX_LISTS = 200;

interface Marks {
  /** the sort values, as text, of rows EVERY, 2·EVERY, … of the list (1-based) */
  keys: Array<Array<string | null>>;
  /** each sort column's type, to cast the values back */
  types: string[];
  /** the pass reached the list's end: no further marks exist */
  end: boolean;
  until: number;
  tables: string[];
  /** the write generation of its tables when the pass began */
  gen: number;
}

const lists = new Map<string, Marks>();
/** The passes under way, by list: a request that needs the same marks waits for them (settles, never rejects). */
const passes = new Map<string, Promise<void>>();
/** Bumped by every write this process makes (watchWrites); a mark set made before a write is not used. */
const written = new Map<string, number>();
const genOf = (tables: string[]) => tables.reduce((a, t) => a + (written.get(t) ?? 0), 0);

let enabled = true;
let seeks = 0;
/** How many pages were served from marks so far (tests check the marks were used at all). */
export const pageMarkSeeks = () => seeks;
/** Off: every page takes the plain OFFSET plan (bench:lists' raw baseline, what a server without marks sends). */
export function usePageMarks(on: boolean): void {
  enabled = on;
  lists.clear();
}

const WRITE_RE = /\b(?:insert\s+into|update|delete\s+from)\s+(?:only\s+)?([a-z_][a-z0-9_]*)/gi;

/**
 * Follows one transaction's statements: a write to a table drops its lists' marks at once (the
 * transaction's own reads see it) and again when the transaction ends (another request's pass that
 * read before the commit made marks of the old rows).
 */
export function watchWrites(): { see(sql: string): void; done(): void } {
  const seen = new Set<string>();
  const bump = (t: string) => written.set(t, (written.get(t) ?? 0) + 1);
  return {
    see(sql) {
      for (const m of sql.matchAll(WRITE_RE)) {
        const t = m[1].toLowerCase();
        seen.add(t);
        bump(t);
      }
    },
    done() {
      for (const t of seen) bump(t);
    },
  };
}
setWriteWatcher(watchWrites);

/** The tables a list's filter reads (its own and those of subqueries): a write to any drops its marks. */
const tablesOf = (table: string, where: string) => [...new Set([table, ...[...where.matchAll(/\b(?:from|join)\s+([a-z_][a-z0-9_]*)/gi)].map((m) => m[1])])];

export interface DeepPage {
  /** the condition "after the mark" (parameters bound after the filter's) */
  where: string;
  params: unknown[];
  /** the rows still to skip after the mark (< EVERY) */
  offset: number;
}

/**
 * The page at `offset` as a seek from the nearest mark before it, or undefined for a shallow page (or
 * marks off). Marks are made or extended here, in the request's transaction, as far as this page needs.
 */
export async function deepPage(tx: Tx, l: { table: string; where: string; params: unknown[]; order: string; offset: number }): Promise<DeepPage | undefined> {
  const n = every();
  if (!enabled || l.offset < deepFrom() || l.offset < n) return undefined;
  const key = crypto
    .createHash('sha1')
    .update(`${l.table}\n${l.where}\n${l.order}\n${JSON.stringify(l.params)}`)
    .digest('base64');
  const tables = tablesOf(l.table, l.where);
  const usable = () => {
    const held = lists.get(key);
    return held && held.until >= Date.now() && held.gen === genOf(tables) ? held : undefined;
  };
  const want = Math.floor(l.offset / n);
  const short = (x: Marks | undefined) => !x || (x.keys.length < want && !x.end);
  let m = usable();
  // another request is making this list's marks: wait for them rather than walk the same rows at once
  if (short(m) && passes.has(key)) {
    await passes.get(key);
    m = usable();
  }
  if (short(m)) {
    const pass = extend(tx, l, key, tables, m, want, n);
    const done = pass.then(
      () => undefined,
      () => undefined,
    );
    passes.set(key, done);
    try {
      m = await pass;
    } finally {
      if (passes.get(key) === done) passes.delete(key);
    }
  }
  const i = Math.min(want, m?.keys.length ?? 0);
  if (!m || i === 0) return undefined;
  seeks++;
  const params: unknown[] = [];
  const where = afterKeys(l.order, (_col, k) => `$${l.params.length + params.push(m.keys[i - 1][k])}::${m.types[k]}`);
  return { where, params, offset: l.offset - i * n };
}

/** Makes or extends a list's marks as far as `want` and keeps them, unless a write came during the pass. */
async function extend(
  tx: Tx,
  l: { table: string; where: string; params: unknown[]; order: string },
  key: string,
  tables: string[],
  m: Marks | undefined,
  want: number,
  n: number,
): Promise<Marks> {
  const gen = genOf(tables);
  const now = Date.now();
  const more = await markPass(tx, l, m, want, n);
  const next = m ? { ...m, keys: [...m.keys, ...more.keys], end: more.end } : { ...more, until: now + MARKS_MS, tables, gen };
  // a write during the pass: these marks may describe rows that are gone, keep them for this page only
  if (genOf(tables) === gen) {
    if (lists.size >= MAX_LISTS) lists.clear();
    lists.set(key, next);
  } else lists.delete(key);
  return next;
}

/** Walks the list from the last mark (index-only when an index matches the order) and records the marks up to `want`. */
async function markPass(
  tx: Tx,
  l: { table: string; where: string; params: unknown[]; order: string },
  from: Marks | undefined,
  want: number,
  n: number,
): Promise<{ keys: Array<Array<string | null>>; types: string[]; end: boolean }> {
  const cols = l.order.split(', ').map((k) => k.split(' ')[0]);
  const params = [...l.params];
  const last = from?.keys.at(-1);
  const after = last ? ` and ${afterKeys(l.order, (_c, k) => `$${params.push(last[k])}::${from!.types[k]}`)}` : '';
  const rows = (want - (from?.keys.length ?? 0)) * n;
  const got = await tx.query<Record<string, string | null>>(
    `select ${cols.map((_, k) => `s.k${k}::text as k${k}, pg_typeof(s.k${k})::text as y${k}`).join(', ')}
       from (select ${cols.map((c, k) => `${c} as k${k}`).join(', ')}, row_number() over (order by ${l.order}) as rn
               from ${l.table} t where ${l.where}${after} order by ${l.order} limit ${rows}) s
      where s.rn % ${n} = 0 order by s.rn`,
    params,
  );
  const types = from?.types ?? (got.length ? cols.map((_, k) => got[0][`y${k}`] ?? '') : []);
  // a type name as pg_typeof gives it ("timestamp with time zone", "numeric", "character varying") is used as a cast;
  // anything else (a quoted or qualified name) makes no marks: such a list keeps the plain plan
  if (!types.every((t) => /^[a-z_][a-z0-9_ ]*$/.test(t))) return { keys: [], types: [], end: true };
  return { keys: got.map((r) => cols.map((_, k) => r[`k${k}`])), types, end: got.length < want - (from?.keys.length ?? 0) };
}
