import { useEffect, useRef, useState } from 'react';
import type { LiveOrder } from './kitchenOrder';
import { DEFAULT_SORT, isDefaultSort, type OrderSort } from './sortOrders';

/** The chosen sort; a new order puts it back to the default, so the new order shows on top (staff spec §4). */
export function useOrderSort(orders: readonly LiveOrder[] | undefined): [OrderSort, (sort: OrderSort) => void] {
  const [sort, setSort] = useState<OrderSort>(DEFAULT_SORT);
  const known = useRef<Set<string> | null>(null);

  useEffect(() => {
    if (!orders) return;
    const ids = new Set(orders.map((order) => order.id));
    const arrived = known.current !== null && [...ids].some((id) => !known.current!.has(id));
    known.current = ids;
    if (arrived) setSort((current) => (isDefaultSort(current) ? current : DEFAULT_SORT));
  }, [orders]);

  return [sort, setSort];
}
