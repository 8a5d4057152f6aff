import { escapeHtml } from '../../src/shared/escape-html';
import { formatPence } from '../../src/shared/money';
import type { DeliveryBand } from '../store';

export { collectPostage, type CollectDiscount } from '../../src/shared/postage';

/** The charge of the first band that covers the distance; null beyond the last band. */
export function deliveryChargeFor(miles: number, bands: DeliveryBand[]): number | null {
  const band = [...bands].sort((a, b) => a.up_to_miles - b.up_to_miles).find((candidate) => miles <= candidate.up_to_miles);
  return band ? band.charge : null;
}

/** The bands explained, for the checkout's toggleable explanation; built from numbers only, escaped anyway. */
export function chargeBandsSummary(bands: DeliveryBand[], minimumOrderPence: number, radiusMiles: number): string {
  let from = 0;
  const rows = [...bands]
    .sort((a, b) => a.up_to_miles - b.up_to_miles)
    .filter((band) => band.up_to_miles <= radiusMiles || from < radiusMiles)
    .map((band) => {
      const row = `<li>${escapeHtml(`${from === 0 ? 'Up to' : `Over ${from} and up to`} ${band.up_to_miles} miles: ${band.charge === 0 ? 'free' : formatPence(band.charge)}`)}</li>`;
      from = band.up_to_miles;
      return row;
    });
  const minimum = minimumOrderPence > 0 ? `<p>${escapeHtml(`Delivery needs an order of at least ${formatPence(minimumOrderPence)}.`)}</p>` : '';
  return `<ul>${rows.join('')}</ul>${minimum}`;
}
