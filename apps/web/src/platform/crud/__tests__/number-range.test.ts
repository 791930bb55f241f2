import { describe, expect, it } from 'vitest';
import { showsDealButton } from '../number-range.ts';

describe('number-range deal button (SPEC §4)', () => {
  it("hides the deal button for statuses '1', '3' and '4' and shows it for any other", () => {
    for (const s of ['1', '3', '4', 1, 3, 4]) expect(showsDealButton(s), String(s)).toBe(false);
    for (const s of ['0', '2', '5', '9', '', null, undefined, 2, '13']) expect(showsDealButton(s), String(s)).toBe(true);
  });
});
