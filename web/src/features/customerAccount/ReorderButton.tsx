import { useState } from 'react';
import { Link } from 'react-router';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import { formatPence } from '../../app/money';
import { caughtMessage } from '../../app/serverMessage';
import { useMoveStockMutation } from '../cart/cartApi';
import { useReorderPlanMutation } from './accountOrdersApi';

interface Outcome {
  added: string[];
  notOffered: string[];
  repriced: string[];
  refused: string[];
}

/**
 * Orders a past order again (issue 33): its dishes still offered go into the basket through the basket's own
 * route, one unit at a time, so stock, the basket's caps and a closed shop refuse as they always do; the
 * customer is told which dishes are no longer offered, which cost something else now, and what was refused.
 */
export function ReorderButton({ orderId }: { orderId: string }) {
  const [plan, { isLoading: planning }] = useReorderPlanMutation();
  const [move] = useMoveStockMutation();
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [failed, setFailed] = useState<string | null>(null);

  const reorder = async () => {
    setBusy(true);
    setFailed(null);
    try {
      const lines = await plan(orderId).unwrap();
      const result: Outcome = { added: [], notOffered: [], repriced: [], refused: [] };
      for (const line of lines) {
        if (line.nowPence === null) {
          result.notOffered.push(line.name);
          continue;
        }
        if (line.nowPence !== line.wasPence) result.repriced.push(`${line.name}: ${formatPence(line.nowPence)} now, ${formatPence(line.wasPence)} then`);
        let units = 0;
        for (; units < line.quantity; units++) {
          try {
            await move({ id: line.productId, variant: line.variantId, quantity: 1 }).unwrap();
          } catch (caught) {
            result.refused.push(`${line.name}: ${caughtMessage(caught, 'could not be added')}`);
            break;
          }
        }
        if (units > 0) result.added.push(`${units} × ${line.name}`);
      }
      setOutcome(result);
    } catch (caught) {
      setFailed(caughtMessage(caught, 'This order could not be ordered again; please try again.'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="mt-2" data-testid="reorder">
      <Button variant="primary" size="sm" disabled={busy || planning} onClick={reorder}>
        Order this again
      </Button>
      {failed && (
        <Alert variant="danger" role="alert" className="mt-2">
          {failed}
        </Alert>
      )}
      {outcome && (
        <Alert variant={outcome.added.length > 0 ? 'success' : 'warning'} role="status" className="mt-2" data-testid="reorder-outcome">
          {outcome.added.length > 0 ? <p className="mb-1">In your basket: {outcome.added.join(', ')}.</p> : <p className="mb-1">Nothing could be added to your basket.</p>}
          {outcome.notOffered.length > 0 && <p className="mb-1">No longer offered: {outcome.notOffered.join(', ')}.</p>}
          {outcome.repriced.length > 0 && <p className="mb-1">Changed price: {outcome.repriced.join('; ')}.</p>}
          {outcome.refused.length > 0 && <p className="mb-1">Not added: {outcome.refused.join('; ')}.</p>}
          {outcome.added.length > 0 && (
            <Link to="/manageCart" className="alert-link">
              Go to your basket
            </Link>
          )}
        </Alert>
      )}
    </div>
  );
}
