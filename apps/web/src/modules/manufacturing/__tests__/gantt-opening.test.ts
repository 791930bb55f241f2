import { describe, expect, it } from 'vitest';
import { openingTime } from '../gantt-opening.ts';

const t = (s: string) => new Date(s.replace(' ', 'T')).getTime();

describe("the gantt's opening view", () => {
  const fridayEvening = t('2026-11-27 18:00:00');

  it('opens at the first bar when none runs now (Friday evening: the work starts on Monday, not an empty weekend)', () => {
    const bars = [
      { start: '2026-11-30 13:00:00', end: '2026-11-30 15:00:00' },
      { start: '2026-11-30 08:00:00', end: '2026-11-30 12:00:00' },
    ];
    expect(openingTime(bars, fridayEvening)).toBe(t('2026-11-30 08:00:00'));
  });

  it('opens at now when a bar runs now', () => {
    const bars = [
      { start: '2026-11-26 08:00:00', end: '2026-11-26 10:00:00' },
      { start: '2026-11-27 16:00:00', end: '2026-11-30 09:00:00' },
    ];
    expect(openingTime(bars, fridayEvening)).toBe(fridayEvening);
  });

  it('has no opening without bars', () => {
    expect(openingTime([], fridayEvening)).toBeUndefined();
  });
});
