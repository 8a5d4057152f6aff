import './liveOrders.css';

/** The blinking count of NEW orders. */
export function OrdersWaitingHeading({ count }: { count: number }) {
  return (
    <h1 id="orders-waiting" className="h3 mb-0" aria-live="polite" data-testid="orders-waiting">
      {count > 0 ? <span className="text-danger orders-waiting-blink">{count} ORDER(S) WAITING</span> : 'No orders waiting'}
    </h1>
  );
}
