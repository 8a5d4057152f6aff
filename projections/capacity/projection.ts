import { sql } from 'slonik';
import type { StoredEvent } from '../../src/eventstore/types';
import type { Projection } from '../../src/projections/types';
import { CAPACITY_EVENT_TYPES, type CapacityEvent } from '../../modules/capacity';

/** The windows' places (issue 37): which order holds a place in which 15-minute window. */
export const capacityProjection: Projection = {
  name: 'kitchen_windows',
  eventTypes: [...CAPACITY_EVENT_TYPES],
  tables: ['kitchen_window_places'],
  async apply(stored: StoredEvent, { tx }) {
    const event = { type: stored.type, data: stored.data } as CapacityEvent;
    switch (event.type) {
      case 'KitchenPlaceTaken':
        await tx.query(sql.unsafe`
          insert into kitchen_window_places (window_start, order_id) values (${event.data.window}, ${event.data.orderId}) on conflict do nothing`);
        return;
      case 'KitchenPlaceGivenBack':
        await tx.query(sql.unsafe`delete from kitchen_window_places where window_start = ${event.data.window} and order_id = ${event.data.orderId}`);
        return;
      default: {
        const never: never = event;
        return never;
      }
    }
  },
};
