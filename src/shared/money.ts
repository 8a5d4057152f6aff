/**
 * Money is integer pence everywhere; this is the one place it becomes text, for the server and the web app.
 * Negative amounts are shown in parentheses: -150 → "(£1.50)".
 */
const pounds = new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP', currencySign: 'accounting' });

export function formatPence(pence: number): string {
  return pounds.format(pence / 100);
}

/**
 * A variant's price adjustment: nothing for 0, pounds with two decimals from 100p, pence with a "p" below:
 * 150 → "(+£1.50)", -50 → "(-50p)".
 */
export function formatPriceAdjustment(pence: number): string {
  if (pence === 0) return '';
  const sign = pence > 0 ? '+' : '-';
  const size = Math.abs(pence);
  return size >= 100 ? `(${sign}£${(size / 100).toFixed(2)})` : `(${sign}${size}p)`;
}

/**
 * Pounds as a manager types them ("4.50", "4", "-0.50" where `negative` is allowed) into integer pence, or
 * null when it is not an amount of money. The editor's price fields send what this returns.
 */
export function parsePounds(text: string, options: { negative?: boolean } = {}): number | null {
  const match = /^(-?)£?(\d{1,6})(?:\.(\d{1,2}))?$/.exec(text.trim());
  if (!match || (match[1] && !options.negative)) return null;
  const pence = Number(match[2]) * 100 + Number((match[3] ?? '').padEnd(2, '0'));
  return match[1] ? -pence : pence;
}

/** Pence as the editor's price fields show them: 450 → "4.50", -50 → "-0.50". */
export const penceAsPounds = (pence: number): string => `${pence < 0 ? '-' : ''}${(Math.abs(pence) / 100).toFixed(2)}`;
