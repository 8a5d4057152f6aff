import { useEffect, useRef } from 'react';

/** Fires the window event 'order-is-due' when this order's countdown ends while it is on screen. */
export function useDueEvent(orderId: string, isDue: boolean | null): void {
  const wasDue = useRef(isDue);
  useEffect(() => {
    if (isDue && wasDue.current === false) window.dispatchEvent(new CustomEvent('order-is-due', { detail: { id: orderId } }));
    wasDue.current = isDue;
  }, [orderId, isDue]);
}
