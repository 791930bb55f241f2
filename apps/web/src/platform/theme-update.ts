/** SPEC §8: the text when a theme colour cannot be applied (the same in every locale, as SPEC writes it). */
export const THEME_UPDATE_FAILED = 'Failed to update theme';
const COLOR = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i;

/**
 * Applies a theme colour through `save` (the settings store, which writes local storage); a colour that is not
 * #rgb / #rrggbb, or a store that cannot write, fails with Error('Failed to update theme') and nothing changes.
 */
export function updateTheme(color: string, save: (color: string) => void): void {
  if (!COLOR.test(color)) throw new Error(THEME_UPDATE_FAILED);
  try {
    save(color);
  } catch {
    throw new Error(THEME_UPDATE_FAILED);
  }
}
