import type { LiveOrder } from './kitchenOrder';

export type SortKey = 'price' | 'received' | 'due';
export type SortDirection = 'ascending' | 'descending';

export interface OrderSort {
  key: SortKey;
  direction: SortDirection;
}

/** Newest first: where a new order lands, on top. */
export const DEFAULT_SORT: OrderSort = { key: 'received', direction: 'descending' };

export const isDefaultSort = (sort: OrderSort) => sort.key === DEFAULT_SORT.key && sort.direction === DEFAULT_SORT.direction;

const valueOf: Record<SortKey, (order: LiveOrder) => number | null> = {
  price: (order) => order.total_cost,
  // An order for later (issue 37) by its slot while it waits, and by its release once it comes to the kitchen.
  received: (order) => {
    const at = order.released_at ?? order.scheduled_for ?? order.updated_at;
    return at === null ? null : Date.parse(at);
  },
  due: (order) => order.dueAt,
};

/** A sorted copy; orders without the value (not yet due, say) go last either way. */
export function sortOrders(orders: readonly LiveOrder[], sort: OrderSort): LiveOrder[] {
  const value = valueOf[sort.key];
  const sign = sort.direction === 'ascending' ? 1 : -1;
  return [...orders].sort((a, b) => {
    const first = value(a);
    const second = value(b);
    if (first === null || second === null) return first === second ? 0 : first === null ? 1 : -1;
    return (first - second) * sign;
  });
}
