import { useEffect } from 'react';
import { useReopenCartMutation } from './cartApi';

/**
 * Issue 13 ("two tabs"): saving the basket as an order freezes it, so another tab cannot change it under the
 * checkout. Coming back to the basket page reopens it; proceeding saves it again, which refreshes the order.
 */
export function useReopenBasket(): void {
  const [reopenCart] = useReopenCartMutation();
  useEffect(() => {
    void reopenCart();
  }, [reopenCart]);
}
