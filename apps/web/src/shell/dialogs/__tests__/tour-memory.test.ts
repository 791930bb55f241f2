import { describe, expect, it } from 'vitest';
import { TOUR_TTL_MS, tourExpiry, tourKey } from '../tour-memory.ts';

describe('guided tour memory (SPEC §9)', () => {
  it('is remembered per page for 864e7 ms', () => {
    expect(TOUR_TTL_MS).toBe(8_640_000_000);
    expect(tourExpiry(1_000)).toBe(1_000 + 864e7);
    expect(tourKey('/dashboard/analysis')).toBe('tour:/dashboard/analysis');
  });
});
