import { formatPence } from '../../../app/money';
import { useTodaysOrderTallyQuery } from './liveOrdersApi';

/** The 'Order Total' tally of today's placed orders, kept current by NewOrder messages. */
export function OrderTally() {
  const { data: tally, isError } = useTodaysOrderTallyQuery();
  return (
    <p className="mb-0 fs-5">
      Order Total:{' '}
      <strong data-testid="order-tally">{isError ? 'unknown' : tally === undefined ? '…' : formatPence(tally)}</strong>
    </p>
  );
}
