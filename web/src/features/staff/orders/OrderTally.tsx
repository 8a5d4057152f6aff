import { formatPence } from '../../../app/money';
import { useMeQuery } from '../../auth/authApi';
import { hasRole } from '../roles';
import { useTodaysOrderTallyQuery } from './liveOrdersApi';

/**
 * The 'Order Total' tally of today's placed orders, less today's refunds, kept current by NewOrder messages; managers
 * can download the day's payments and refunds behind it (issue 35).
 */
export function OrderTally() {
  const { data: tally, isError } = useTodaysOrderTallyQuery();
  const { data: user } = useMeQuery();
  return (
    <p className="mb-0 fs-5">
      Order Total:{' '}
      <strong data-testid="order-tally">{isError ? 'unknown' : tally === undefined ? '…' : formatPence(tally)}</strong>
      {hasRole(user?.role, 'manager') && (
        <a className="ms-3 fs-6" href="/api/takings/today.csv" download data-testid="takings-csv">
          Today's payments and refunds (CSV)
        </a>
      )}
    </p>
  );
}
