import { singleLineText, TEXT_MESSAGES } from '../../src/shared/text';

/** Unicode's Bidi_Control characters: the marks, embeddings, overrides and isolates that reorder text. */
const BIDI_CONTROLS = ['\u061C', '\u200E', '\u200F', '\u202A', '\u202B', '\u202C', '\u202D', '\u202E', '\u2066', '\u2067', '\u2068', '\u2069'];

describe('the shared text schemas', () => {
  it('refuse every bidi control character in one-line text, as they refuse the other control characters (issue 28)', () => {
    const field = singleLineText({ max: 100, name: 'full_name' });
    for (const control of BIDI_CONTROLS) {
      const parsed = field.safeParse(`Sam${control}htims`);
      expect({ control: control.codePointAt(0)!.toString(16), message: parsed.error?.issues[0]?.message }).toEqual({
        control: control.codePointAt(0)!.toString(16),
        message: `full_name: ${TEXT_MESSAGES.bidi}`,
      });
    }
    expect(field.parse('  Şebnem Ağaoğlu  ')).toBe('Şebnem Ağaoğlu');
    expect(field.parse('سامي')).toBe('سامي');
  });
});
