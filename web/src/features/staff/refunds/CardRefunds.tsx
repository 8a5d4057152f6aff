import Card from 'react-bootstrap/Card';
import ListGroup from 'react-bootstrap/ListGroup';
import { formatPence } from '../../../app/money';
import type { CardRefundEntry } from '../../../../../src/shared/card-refunds';
import { useTodaysCardRefundsQuery } from './cardRefundsApi';

/**
 * Card payments that reached the shop for food nobody cooks, refunded by the shop itself (issue 17): staff see
 * them, so a customer who calls about one is answered. Shown only on a day that has some.
 */
function refundState(refund: CardRefundEntry): string {
  if (refund.failure) return 'NOT refunded';
  return refund.refunded ? 'refunded' : 'being refunded';
}

export function CardRefunds() {
  const { data: refunds, isError } = useTodaysCardRefundsQuery();
  if (!isError && (!refunds || refunds.length === 0)) return null;
  return (
    <Card as="section" aria-labelledby="card-refunds-title" className="mt-3" data-testid="card-refunds">
      <Card.Header as="h2" id="card-refunds-title" className="h6 mb-0">
        Card payments refunded today
      </Card.Header>
      {isError && <Card.Body className="text-danger small">ERROR fetching today's card refunds</Card.Body>}
      {refunds && refunds.length > 0 && (
        <ListGroup as="ol" variant="flush" className="small">
          {refunds.map((refund, index) => (
            <ListGroup.Item as="li" key={`${refund.ref}-${index}`} data-testid="card-refund">
              {refund.time} order {refund.ref}: {formatPence(refund.amountPence)} {refundState(refund)}, because {refund.reason}
              {refund.failure && <div className="text-danger">{refund.failure}</div>}
            </ListGroup.Item>
          ))}
        </ListGroup>
      )}
    </Card>
  );
}
