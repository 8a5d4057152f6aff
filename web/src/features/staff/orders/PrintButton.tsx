import Button from 'react-bootstrap/Button';
import type { LiveOrder } from './kitchenOrder';
import { usePrintOrder } from './usePrintOrder';

/** Print (or reprint) the kitchen ticket; a device that cannot print may only mark the order printed. */
export function PrintButton({ order, reprint = false }: { order: LiveOrder; reprint?: boolean }) {
  const { method, print, markPrinted, isPrinting } = usePrintOrder(order);

  if (method === 'none') {
    return (
      <div className="small">
        <div className="text-muted">can only print from android device</div>
        {!reprint && (
          <Button variant="outline-dark" size="sm" onClick={markPrinted} disabled={isPrinting} data-testid="mark-printed">
            mark as printed
          </Button>
        )}
      </div>
    );
  }
  return (
    <Button
      variant={reprint ? 'outline-dark' : 'dark'}
      size="sm"
      onClick={print}
      disabled={isPrinting}
      aria-label={`${reprint ? 'Reprint' : 'Print'} order ${order.ref}`}
      data-testid={reprint ? 'reprint' : 'print'}
    >
      {reprint ? 'Reprint' : 'Print'}
    </Button>
  );
}
