import { describe, expect, it } from 'vitest';
import { THEME_UPDATE_FAILED, updateTheme } from '../theme-update.ts';

describe('theme update (SPEC §8)', () => {
  it('saves a valid colour', () => {
    const saved: string[] = [];
    updateTheme('#13c2c2', (c) => saved.push(c));
    updateTheme('#FFF', (c) => saved.push(c));
    expect(saved).toEqual(['#13c2c2', '#FFF']);
  });
  it('fails with Failed to update theme when the colour is bad or the store cannot write', () => {
    const saved: string[] = [];
    expect(() => updateTheme('red; background:url(x)', (c) => saved.push(c))).toThrow(THEME_UPDATE_FAILED);
    expect(saved).toEqual([]);
    expect(() =>
      updateTheme('#1890ff', () => {
        throw new DOMException('quota', 'QuotaExceededError');
      }),
    ).toThrow('Failed to update theme');
  });
});
