/**
 * A name's pinyin initials, lower case, as jshERP's 助记码 (its PinYinUtil.getFirstLettersLo): each Chinese character
 * by its reading's first letter, Latin letters and digits kept (lower case), anything else dropped. Read from the
 * runtime's pinyin collation (ICU, in Node's full-icu build): a character sorts between the first characters of two
 * initials. A character of several readings gets the one ICU sorts it by (长: z, where jshERP says c).
 */
const LETTERS = 'abcdefghjklmnopqrstwxyz';
/** The first character (in pinyin order) of each initial of LETTERS. */
const FIRSTS = [...'阿八嚓哒妸发旮哈讥咔垃妈拏噢妑七然仨他穵夕丫帀'];
const collator = new Intl.Collator('zh-Hans-CN-u-co-pinyin');

function initial(ch: string): string {
  if (/^[a-z0-9]$/i.test(ch)) return ch.toLowerCase();
  if (!/^\p{Script=Han}$/u.test(ch)) return '';
  let i = FIRSTS.length - 1;
  while (i >= 0 && collator.compare(ch, FIRSTS[i]) < 0) i--;
  return i >= 0 ? LETTERS[i] : '';
}

export const pinyinInitials = (name: string): string => [...name].map(initial).join('');
