import { Decimal } from 'decimal.js';
import type { Tx } from '../../platform/db/database.ts';
import type { Candidate } from './matcher.ts';
import { letters } from './matcher.ts';
import type { UnitOption } from '@erp/entities';
import type { Catalogue } from './recognise.ts';

/** At most this many customers and materials are compared with a message (those sharing a bigram with it). */
const CANDIDATES = 400;

/**
 * The patterns that narrow the catalogue to names sharing a character pair with the message (and whole Latin
 * words, for mnemonics and English names): a name with none of them cannot reach the similarity threshold.
 */
export function patterns(text: string): { likes: string[]; words: string[] } {
  const likes = new Set<string>();
  const words = new Set<string>();
  for (const seg of text.split(/[\p{N}\p{P}\p{S}\s]+/u)) {
    const l = letters(seg);
    for (let i = 0; i + 1 < l.length; i++) likes.add(`%${l[i]}${l[i + 1]}%`);
    if (l.length === 1) likes.add(`%${l[0]}%`);
  }
  for (const w of text.toLowerCase().match(/[a-z]+/g) ?? []) words.add(w);
  return { likes: [...likes].slice(0, 2000), words: [...words].slice(0, 500) };
}

/** The company's customers, materials (with units and prices) and aliases that may be named in the message. */
export async function loadCatalogue(tx: Tx, tenantId: number, text: string): Promise<Catalogue> {
  const { likes, words } = patterns(text);
  // the words that can match, then the best CANDIDATES of them: most of the word's character pairs found in the
  // message first (a word written whole scores 1), so a company with many similar names keeps the right ones
  const ranked = (words: string) => `
    with w as (${words})
    select id, name, word from w
     order by (select count(*) from unnest($2::text[]) p where lower(w.word) like p)::float8 / greatest(char_length(w.word) - 1, 1) desc,
              char_length(w.word) desc, id
     limit ${CANDIDATES}`;
  const customers = await tx.query<{ id: string; name: string; word: string }>(
    ranked(`select id, name, name word from partner
      where tenant_id = $1 and type = '客户' and enabled and not delete_flag and lower(name) like any($2::text[])
      union
     select p.id, p.name, a.alias from textai_alias a join partner p on p.tenant_id = a.tenant_id and p.id = a.target_id
      where a.tenant_id = $1 and a.kind = 'customer' and p.enabled and not p.delete_flag
        and (lower(a.alias) like any($2::text[]) or lower(a.alias) = any($3::text[]))`),
    [tenantId, likes, words],
  );
  const materials = await tx.query<{ id: string; name: string; word: string }>(
    ranked(`select id, name, name word from material
      where tenant_id = $1 and enabled and not delete_flag and lower(name) like any($2::text[])
      union
     select id, name, mnemonic from material
      where tenant_id = $1 and enabled and not delete_flag and lower(mnemonic) = any($3::text[])
      union
     select m.id, m.name, a.alias from textai_alias a join material m on m.tenant_id = a.tenant_id and m.id = a.target_id
      where a.tenant_id = $1 and a.kind = 'material' and m.enabled and not m.delete_flag
        and (lower(a.alias) like any($2::text[]) or lower(a.alias) = any($3::text[]))`),
    [tenantId, likes, words],
  );
  const ids = [...new Set(materials.map((m) => Number(m.id)))];
  const extend = ids.length
    ? await tx.query<{ material_id: string; id: string; bar_code: string; commodity_unit: string; wholesale_decimal: string | null }>(
        `select material_id, id, bar_code, commodity_unit, wholesale_decimal from material_extend
          where tenant_id = $1 and material_id = any($2::bigint[]) and not delete_flag
          order by material_id, default_flag desc, id`,
        [tenantId, ids],
      )
    : [];
  const units = new Map<number, UnitOption[]>();
  for (const e of extend) {
    const list = units.get(Number(e.material_id)) ?? [];
    list.push({
      unit: e.commodity_unit,
      barCode: e.bar_code,
      materialExtendId: Number(e.id),
      price: e.wholesale_decimal === null ? null : new Decimal(e.wholesale_decimal).toFixed(),
    });
    units.set(Number(e.material_id), list);
  }
  const unitRows = await tx.query<{ unit: string }>(
    `select distinct commodity_unit unit from material_extend where tenant_id = $1 and not delete_flag limit 200`,
    [tenantId],
  );
  const aliasRows = await tx.query<{ alias: string; target_text: string }>(
    `select alias, target_text from textai_alias where tenant_id = $1 and kind = 'unit' limit 200`,
    [tenantId],
  );
  const cand =
    (kind: Candidate['kind']) =>
    (r: { id: string; name: string; word: string }): Candidate => ({ kind, id: Number(r.id), name: r.name, word: r.word });
  return {
    customers: customers.map(cand('customer')),
    materialWords: materials.map(cand('material')),
    units,
    unitWords: unitRows.map((r) => r.unit),
    unitAliases: Object.fromEntries(aliasRows.map((r) => [r.alias.toLowerCase(), r.target_text])),
  };
}
