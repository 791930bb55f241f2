/**
 * Fuzzy matching of catalogue names inside a message. Similarity is computed on padded character n-grams (bigrams
 * and single characters: Chinese names are two to four characters, too short for pg_trgm's trigrams), in the spirit
 * of pg_trgm's word_similarity: the best window of the text against the whole name. docs/decisions.md
 * "Text recognition".
 */

/** A name (or alias) of a customer or material. */
export interface Candidate {
  kind: 'customer' | 'material';
  id: number;
  /** the catalogue name shown in the draft */
  name: string;
  /** the word matched: the name itself, the mnemonic or an alias */
  word: string;
}

export interface Mention {
  candidate: Candidate;
  start: number;
  end: number;
  score: number;
}

/** Letters of the text (CJK and Latin) with their offsets; digits, punctuation and symbols break a segment. */
interface Segment {
  chars: string[];
  offsets: number[];
  /** a window may start (end) here: any CJK character, or the first (last) letter of a Latin word */
  startOk: boolean[];
  endOk: boolean[];
}

const LETTER = /[\p{L}]/u;

export const normalise = (s: string) => s.normalize('NFKC').toLowerCase();

const LATIN = /[a-z]/;
const empty = (): Segment => ({ chars: [], offsets: [], startOk: [], endOk: [] });

function segments(text: string): Segment[] {
  const out: Segment[] = [];
  let cur = empty();
  let i = 0;
  let prevLatin = false;
  for (const ch of text) {
    const n = normalise(ch);
    const latin = LATIN.test(n);
    if (LETTER.test(n)) {
      if (cur.chars.length) cur.endOk[cur.chars.length - 1] = !latin || !prevLatin || !LATIN.test(cur.chars.at(-1)!);
      cur.chars.push(n);
      cur.offsets.push(i);
      cur.startOk.push(!latin || !prevLatin);
      cur.endOk.push(true);
    } else if (!/\s/u.test(n) && cur.chars.length) {
      out.push(cur);
      cur = empty();
    }
    prevLatin = latin;
    i += ch.length;
  }
  if (cur.chars.length) out.push(cur);
  return out;
}

/** The letters of a name, as the matcher compares them. */
export const letters = (s: string) => [...normalise(s)].filter((c) => LETTER.test(c));

function grams(chars: string[]): Map<string, number> {
  const m = new Map<string, number>();
  const add = (g: string) => m.set(g, (m.get(g) ?? 0) + 1);
  const padded = [' ', ...chars, ' '];
  for (let i = 0; i + 1 < padded.length; i++) add(padded[i]! + padded[i + 1]!);
  return m;
}

function dice(a: Map<string, number>, b: Map<string, number>): number {
  let common = 0;
  let na = 0;
  let nb = 0;
  for (const v of a.values()) na += v;
  for (const v of b.values()) nb += v;
  for (const [g, v] of a) common += Math.min(v, b.get(g) ?? 0);
  return na + nb === 0 ? 0 : (2 * common) / (na + nb);
}

const counts = (chars: string[]) => {
  const m = new Map<string, number>();
  for (const c of chars) m.set(c, (m.get(c) ?? 0) + 1);
  return m;
};

/** Similarity 0…1 of a window and a name: the mean of the bigram and the character Dice coefficients. */
export function similarity(window: string[], name: string[]): number {
  if (window.join('') === name.join('')) return 1;
  return (dice(grams(window), grams(name)) + dice(counts(window), counts(name))) / 2;
}

/** The best window of one segment for a name, at or above `threshold`. */
function bestWindow(text: string, seg: Segment, name: string[], threshold: number, blocked: { start: number; end: number }[]) {
  const minLen = name.length === 1 ? 1 : Math.max(2, Math.ceil(name.length * 0.5));
  let best: { start: number; end: number; score: number } | undefined;
  for (let len = minLen; len <= name.length + 1; len++) {
    for (let s = 0; s + len <= seg.chars.length; s++) {
      if (!seg.startOk[s] || !seg.endOk[s + len - 1]) continue;
      const w = seg.chars.slice(s, s + len);
      if (name.length === 1 && w[0] !== name[0]) continue;
      const from = seg.offsets[s]!;
      const last = seg.offsets[s + len - 1]!;
      const to = last + (text.codePointAt(last)! > 0xffff ? 2 : 1);
      if (blocked.some((b) => b.start < to && from < b.end)) continue;
      const score = similarity(w, name);
      if (score >= threshold && (!best || score > best.score)) best = { start: from, end: to, score };
    }
  }
  return best;
}

/**
 * Each candidate's best window in each segment (text between digits and punctuation), at or above `threshold`:
 * a material may be named twice ("可乐 雪碧 各来点，可乐8箱"), the caller keeps the mention with a quantity.
 */
export function findMentions(text: string, candidates: Candidate[], threshold: number, blocked: { start: number; end: number }[] = []): Mention[] {
  const segs = segments(text);
  const out: Mention[] = [];
  for (const c of candidates) {
    const name = letters(c.word);
    if (name.length === 0) continue;
    for (const seg of segs) {
      const best = bestWindow(text, seg, name, threshold, blocked);
      if (best) out.push({ candidate: c, ...best });
    }
  }
  return out;
}

/**
 * Non-overlapping mentions, best first: a higher score wins, then the longer word (可口可乐 before 可乐), and a
 * mention may not overlap a blocked span (quantities, dates).
 */
export function pickMentions(mentions: Mention[], blocked: { start: number; end: number }[]): Mention[] {
  const taken: { start: number; end: number }[] = [...blocked];
  const ordered = [...mentions].sort((a, b) => b.score - a.score || b.end - b.start - (a.end - a.start) || a.start - b.start);
  const chosen: Mention[] = [];
  for (const m of ordered) {
    if (taken.some((t) => t.start < m.end && m.start < t.end)) continue;
    taken.push(m);
    chosen.push(m);
  }
  return chosen.sort((a, b) => a.start - b.start);
}
