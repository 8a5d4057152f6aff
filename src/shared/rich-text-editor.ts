import { isFontSizeInRange } from './rich-text-allow-list';

/** What the in-place editor offers (staff spec §2, §9): the allow-list's font sizes, spell-checked as en-GB. */
export const EDITOR_LANGUAGE = 'en-GB';

/** The sizes the editor's menu lists; any whole size in the range may be typed. */
export const EDITOR_FONT_SIZES_PX: readonly number[] = [8, 10, 12, 14, 16, 18, 20, 24, 28, 32, 36, 48, 60, 72, 96, 120, 150];

/** A font size the editor may set, as a whole number of pixels, or null when it is outside the range. */
export function editorFontSize(value: string | number): number | null {
  const size = typeof value === 'number' ? value : Number.parseFloat(value);
  if (!Number.isFinite(size)) return null;
  const whole = Math.round(size);
  return isFontSizeInRange(whole) ? whole : null;
}

/** Staff spec §8: the editor's alerts, word for word. */
export const IPE_TEXTS = {
  saveError: 'there was an error saving',
  saveProblem: 'there was a problem saving the content',
  cancelError: 'there was an error fetching the original content',
  cancelProblem: 'there was a problem fetching the original content',
} as const;
