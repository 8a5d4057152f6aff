import { formatPence } from '../../../../../src/shared/money';

/**
 * Phone orders waiting for the customer's call (issue 14): counted apart from the NEW orders to cook, in a quiet
 * look that does not blink, so a new one is seen without being mistaken for food to make.
 */
export function AwaitingPaymentCount({ count, totalPence }: { count: number; totalPence: number }) {
  if (count === 0) return null;
  return (
    <p className="mb-0 badge text-bg-warning fs-6 fw-normal" role="status" data-testid="awaiting-payment-count">
      {count} phone {count === 1 ? 'order' : 'orders'} awaiting payment ({formatPence(totalPence)}, not in the Order Total)
    </p>
  );
}
