/**
 * The restaurant's brand (issue 32): its accent colour's rule and the theme derived from it. Shared by the
 * settings (the server refuses a colour this refuses) and the web app (the settings screen says why at once,
 * the customer pages take their theme from it). No zod here, so the web bundle stays small.
 */

/** WCAG 2.2 AA for normal text. */
export const MIN_CONTRAST = 4.5;
/** The demo shop's accent: a deep red-brown, 7.3:1 against white. */
export const DEFAULT_ACCENT = '#9a3412';
export const ACCENT_PATTERN = /^#[0-9a-fA-F]{6}$/;

type Rgb = [number, number, number];

function rgbOf(hex: string): Rgb {
  return [1, 3, 5].map((at) => parseInt(hex.slice(at, at + 2), 16)) as Rgb;
}

function hexOf(rgb: Rgb): string {
  return `#${rgb.map((channel) => Math.round(Math.min(255, Math.max(0, channel))).toString(16).padStart(2, '0')).join('')}`;
}

/** WCAG's relative luminance of an sRGB colour. */
function luminance(hex: string): number {
  const [r, g, b] = rgbOf(hex).map((channel) => {
    const c = channel / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG's contrast ratio of two '#rrggbb' colours, from 1 to 21. */
export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light + 0.05) / (dark + 0.05);
}

/** A ratio as people read it: rounded down to one decimal, so 4.49 never shows as a passing '4.5'. */
export function formatRatio(ratio: number): string {
  return `${Math.floor(ratio * 10) / 10}:1`;
}

/**
 * Why an accent colour cannot be the shop's, or null. The accent is the background of white button text and
 * the colour of links on the white page, so it must reach 4.5:1 against white.
 */
export function accentProblem(colour: string): string | null {
  if (!ACCENT_PATTERN.test(colour)) return 'must be a colour like #9a3412';
  const ratio = contrastRatio(colour, '#ffffff');
  if (ratio >= MIN_CONTRAST) return null;
  return `gives text a contrast of only ${formatRatio(ratio)} against white; it needs at least ${MIN_CONTRAST}:1, so choose a darker colour`;
}

/** The colour `amount` (0-1) of the way from `colour` to `towards`. */
function mix(colour: string, towards: string, amount: number): string {
  const from = rgbOf(colour);
  const to = rgbOf(towards);
  return hexOf(from.map((channel, at) => channel + (to[at] - channel) * amount) as Rgb);
}

/**
 * The CSS custom properties the customer pages' theme is made of, all from the one accent (web/src/brand.css
 * reads them). The accent's darker shade is for hover and the header, its pale tint a background under dark text.
 */
export function brandTheme(accent: string): Record<string, string> {
  const colour = accentProblem(accent) === null ? accent.toLowerCase() : DEFAULT_ACCENT;
  const dark = mix(colour, '#000000', 0.25);
  return {
    '--brand-accent': colour,
    '--brand-accent-rgb': rgbOf(colour).join(', '),
    '--brand-accent-dark': dark,
    '--brand-accent-dark-rgb': rgbOf(dark).join(', '),
    '--brand-accent-tint': mix(colour, '#ffffff', 0.9),
  };
}
