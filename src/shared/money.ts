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
