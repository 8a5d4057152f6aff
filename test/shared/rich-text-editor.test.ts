import { editorFontSize, EDITOR_FONT_SIZES_PX } from '../../src/shared/rich-text-editor';
import { isAllowedFontSize } from '../../src/shared/rich-text-allow-list';

describe("the editor's font sizes and the cleaner's are one rule (staff spec §9: 8-150)", () => {
  it('takes what the editor offers and the cleaner keeps, and refuses what is outside', () => {
    expect(['8px', '24px', '150', 150.4, '7px', '151', 'big', ''].map((value) => editorFontSize(value))).toEqual([8, 24, 150, 150, null, null, null, null]);
    for (const px of EDITOR_FONT_SIZES_PX) expect({ px, kept: isAllowedFontSize(`${px}px`), offered: editorFontSize(px) }).toEqual({ px, kept: true, offered: px });
    expect([7, 151].map((px) => isAllowedFontSize(`${px}px`))).toEqual([false, false]);
  });
});
