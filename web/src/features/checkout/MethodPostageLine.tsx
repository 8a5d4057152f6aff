import Spinner from 'react-bootstrap/Spinner';
import { formatPence } from '../../app/money';
import type { TakeawayMethod } from '../order/order';
import type { MethodPostage } from './useMethodPostage';

/** What the chosen method adds to (or takes off) the basket, and the total that follows. */
export function MethodPostageLine({ method, postage }: { method: TakeawayMethod | null; postage: MethodPostage }) {
  if (postage.state === 'none') return null;
  if (postage.state === 'pending') {
    return (
      <p className="text-body-secondary" role="status" data-testid="method-postage" data-state="pending">
        <Spinner as="span" animation="border" size="sm" aria-hidden="true" className="me-2" />
        {method === 'DELIVER' ? 'Calculating the delivery charge…' : 'Working out your total…'}
      </p>
    );
  }
  if (postage.state === 'failed') {
    return (
      <p className="text-danger" role="status" data-testid="method-postage" data-state="failed">
        {postage.reason}
      </p>
    );
  }
  const label = postage.postagePence < 0 ? 'Collect Discount' : method === 'DELIVER' ? 'Delivery Charge' : null;
  return (
    <p role="status" data-testid="method-postage" data-state="ready">
      {label && (
        <>
          {label}: <span data-testid="method-postage-amount">{formatPence(postage.postagePence)}</span>
          {' · '}
        </>
      )}
      Total: <strong data-testid="method-total">{formatPence(postage.totalPence)}</strong>
    </p>
  );
}
