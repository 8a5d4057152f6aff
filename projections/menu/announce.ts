import type { StoredEvent } from '../../src/eventstore/types';
import type { Publish } from '../../src/projections/types';
import { CATALOG_EVENT_TYPES } from '../../modules/catalog';

const CATALOGUE_TYPES = new Set<string>(CATALOG_EVENT_TYPES);

/**
 * Announces on the public `menu` channel, in the batch's transaction, what a customer's open menu page must show
 * anew (issue 16 item 6): every dish the catalogue changed, and every dish whose stock label (sold out, 'Only N
 * left', or nothing: `stockLabelKey`) the stock events changed (`labelChanged`, from projections/menu/stock.ts).
 * A basket move that leaves the label as it was announces nothing. The hub sends each channel's messages at
 * most once a second.
 */
export async function announce(events: readonly StoredEvent[], labelChanged: ReadonlySet<number>, publish: Publish): Promise<void> {
  const productIds = new Set(labelChanged);
  let categories = false;
  for (const event of events) {
    if (!CATALOGUE_TYPES.has(event.type)) continue;
    const { productId } = event.data as { productId?: number };
    if (productId === undefined) categories = true;
    else productIds.add(productId);
  }
  if (productIds.size === 0 && !categories) return;
  // A change of the categories alone names no dish: the page refetches the whole menu on any message.
  await publish('menu', 'MenuChange', { productIds: [...productIds].sort((a, b) => a - b) });
}

/** The batch's time: holds count while they last, and the latest event's time is the one its change is seen at. */
export function batchTime(events: readonly StoredEvent[]): string {
  return events.reduce((latest, event) => (event.metadata.at > latest ? event.metadata.at : latest), events[0]?.metadata.at ?? new Date(0).toISOString());
}
