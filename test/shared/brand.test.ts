import fs from 'node:fs';
import path from 'node:path';
import { accentProblem, brandTheme, contrastRatio, DEFAULT_ACCENT, formatRatio } from '../../src/shared/brand';
import { parseSetting } from '../../modules/store/settings';

describe("the brand's accent colour (issue 32)", () => {
  it("measures WCAG's contrast ratio", () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#767676', '#ffffff')).toBeCloseTo(4.54, 2);
    expect(formatRatio(4.499)).toBe('4.4:1');
  });

  it('accepts a colour white text reads on, and refuses one below 4.5:1 naming the ratio', () => {
    expect(accentProblem(DEFAULT_ACCENT)).toBeNull();
    expect(accentProblem('#767676')).toBeNull();
    expect(accentProblem('#ffcc00')).toBe('gives text a contrast of only 1.5:1 against white; it needs at least 4.5:1, so choose a darker colour');
    expect(accentProblem('red')).toBe('must be a colour like #9a3412');
  });

  it('the setting refuses such a colour with the same words, naming the setting', () => {
    expect(() => parseSetting('accent_colour', '#ffcc00')).toThrow('accent_colour: gives text a contrast of only 1.5:1');
    expect(parseSetting('accent_colour', '#1D4ED8')).toBe('#1D4ED8');
  });

  it('derives the theme from the accent, falling back to the default for a refused one', () => {
    expect(brandTheme('#1D4ED8')).toMatchObject({ '--brand-accent': '#1d4ed8', '--brand-accent-rgb': '29, 78, 216' });
    expect(brandTheme('#ffcc00')['--brand-accent']).toBe(DEFAULT_ACCENT);
  });

  it("is the stylesheet's own for the default accent, which the page then leaves as it is (no restyle at start)", () => {
    const css = fs.readFileSync(path.join(__dirname, '../../web/src/features/brand/brand.css'), 'utf8');
    const root = /:root \{([^}]*)\}/.exec(css)![1];
    const declared = Object.fromEntries([...root.matchAll(/(--[\w-]+):\s*([^;]+);/g)].map(([, name, value]) => [name, value.trim()]));
    expect(declared).toEqual(brandTheme(DEFAULT_ACCENT));
  });
});
