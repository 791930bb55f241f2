/**
 * ISO 2859-1 (GB/T 2828.1, ANSI Z1.4) single sampling plans for normal inspection, as data:
 * Table 1 (sample size code letters by lot size and inspection level) and Table 2-A (sample size
 * per code letter, acceptance/rejection numbers per AQL; an arrow sends the reader to the first
 * plan below (v) or above (^) in the same AQL column, whose sample size then applies).
 * AQL columns 0.010 to 6.5 (percent nonconforming).
 */
export const AQL_LEVELS = ['S-1', 'S-2', 'S-3', 'S-4', 'I', 'II', 'III'] as const;
export type AqlLevel = (typeof AQL_LEVELS)[number];
export const AQL_VALUES = ['0.010', '0.015', '0.025', '0.040', '0.065', '0.10', '0.15', '0.25', '0.40', '0.65', '1.0', '1.5', '2.5', '4.0', '6.5'] as const;

/** Upper bound of each lot size range (the last is open). */
const LOT_UPPER = [8, 15, 25, 50, 90, 150, 280, 500, 1200, 3200, 10000, 35000, 150000, 500000, Infinity];

/** Table 1: code letter per lot size range (columns as LOT_UPPER), by level. */
export const CODE_LETTERS: Record<AqlLevel, string> = {
  'S-1': 'AAAABBBBCCCDDDD',
  'S-2': 'AAABBBCCCDDDEEE',
  'S-3': 'AABBCCDDEEFFGGH',
  'S-4': 'AABCCDEEFGGHJJK',
  I: 'AABCCDEFGHJKLMN',
  II: 'ABCDEFGHJKLMNPQ',
  III: 'BCDEFGHJKLMNPQR',
};

/** Table 2-A: sample size per code letter. */
export const SAMPLE_SIZES: Record<string, number> = {
  A: 2,
  B: 3,
  C: 5,
  D: 8,
  E: 13,
  F: 20,
  G: 32,
  H: 50,
  J: 80,
  K: 125,
  L: 200,
  M: 315,
  N: 500,
  P: 800,
  Q: 1250,
  R: 2000,
};
const LETTERS = Object.keys(SAMPLE_SIZES);

/** Table 2-A: Ac/Re per code letter, one cell per AQL_VALUES column. */
export const ACCEPT_REJECT: Record<string, string> = {
  A: 'v v v v v v v v v v v v v v 0/1',
  B: 'v v v v v v v v v v v v v 0/1 ^',
  C: 'v v v v v v v v v v v v 0/1 ^ v',
  D: 'v v v v v v v v v v v 0/1 ^ v 1/2',
  E: 'v v v v v v v v v v 0/1 ^ v 1/2 2/3',
  F: 'v v v v v v v v v 0/1 ^ v 1/2 2/3 3/4',
  G: 'v v v v v v v v 0/1 ^ v 1/2 2/3 3/4 5/6',
  H: 'v v v v v v v 0/1 ^ v 1/2 2/3 3/4 5/6 7/8',
  J: 'v v v v v v 0/1 ^ v 1/2 2/3 3/4 5/6 7/8 10/11',
  K: 'v v v v v 0/1 ^ v 1/2 2/3 3/4 5/6 7/8 10/11 14/15',
  L: 'v v v v 0/1 ^ v 1/2 2/3 3/4 5/6 7/8 10/11 14/15 21/22',
  M: 'v v v 0/1 ^ v 1/2 2/3 3/4 5/6 7/8 10/11 14/15 21/22 ^',
  N: 'v v 0/1 ^ v 1/2 2/3 3/4 5/6 7/8 10/11 14/15 21/22 ^ ^',
  P: 'v 0/1 ^ v 1/2 2/3 3/4 5/6 7/8 10/11 14/15 21/22 ^ ^ ^',
  Q: '0/1 ^ v 1/2 2/3 3/4 5/6 7/8 10/11 14/15 21/22 ^ ^ ^ ^',
  R: '^ ^ 1/2 2/3 3/4 5/6 7/8 10/11 14/15 21/22 ^ ^ ^ ^ ^',
};

export interface AqlPlan {
  codeLetter: string;
  /** the letter whose plan applies after following an arrow */
  planLetter: string;
  sampleSize: number;
  accept: number;
  reject: number;
}

/** The code letter of a lot size at a level (Table 1). */
export function codeLetter(lotSize: number, level: AqlLevel): string {
  const i = LOT_UPPER.findIndex((u) => lotSize <= u);
  return CODE_LETTERS[level][i];
}

/** The single normal sampling plan for a lot; the sample never exceeds the lot (then every unit is inspected). */
export function aqlPlan(lotSize: number, level: AqlLevel, aql: string): AqlPlan {
  const col = AQL_VALUES.indexOf(aql as (typeof AQL_VALUES)[number]);
  if (col < 0) throw new Error(`unknown AQL ${aql}`);
  const letter = codeLetter(Math.max(2, lotSize), level);
  let i = LETTERS.indexOf(letter);
  for (let step = 0; step < LETTERS.length; step++) {
    const cell = ACCEPT_REJECT[LETTERS[i]].split(' ')[col];
    if (cell === 'v') i++;
    else if (cell === '^') i--;
    else {
      const [accept, reject] = cell.split('/').map(Number);
      return { codeLetter: letter, planLetter: LETTERS[i], sampleSize: Math.min(SAMPLE_SIZES[LETTERS[i]], lotSize), accept, reject };
    }
  }
  throw new Error('AQL table has no plan');
}
