import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import InputGroup from 'react-bootstrap/InputGroup';
import ListGroup from 'react-bootstrap/ListGroup';
import { londonDateTimeText } from '../../../../../src/shared/london-time';
import { ORDER_REF_PATTERN, orderHistoryPath } from '../../../../../src/shared/order-timeline';
import { caughtMessage } from '../../../app/serverMessage';
import { useLazyOrdersByRefQuery, type OrderFound } from './historyApi';

/** The search by the short reference the kitchen sees (the ticket's 'AB12CD34'), leading to an order's timeline. */
export function OrderSearch() {
  const [ref, setRef] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [found, setFound] = useState<OrderFound[] | null>(null);
  const [search, { isFetching }] = useLazyOrdersByRefQuery();

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFound(null);
    const typed = ref.trim();
    if (!ORDER_REF_PATTERN.test(typed)) {
      setProblem('Type the order’s reference: eight letters and digits, as on the ticket');
      return;
    }
    setProblem(null);
    try {
      setFound(await search(typed).unwrap());
    } catch (caught) {
      setProblem(caughtMessage(caught, 'The search did not work; please try again.'));
    }
  };

  return (
    <section aria-labelledby="order-search-heading" className="mb-4">
      <h2 id="order-search-heading" className="h5">
        Find an order
      </h2>
      <Form onSubmit={submit} role="search" aria-label="Find an order by its reference">
        <Form.Label htmlFor="order-search-ref">Order reference</Form.Label>
        <InputGroup style={{ maxWidth: '24rem' }}>
          <Form.Control
            id="order-search-ref"
            value={ref}
            onChange={(event) => setRef(event.target.value)}
            maxLength={20}
            autoComplete="off"
            isInvalid={problem !== null}
            aria-describedby={problem ? 'order-search-problem' : undefined}
            data-testid="order-search-ref"
          />
          <Button type="submit" variant="primary" disabled={isFetching}>
            Find
          </Button>
        </InputGroup>
        {problem && (
          <div id="order-search-problem" className="text-danger small mt-1" role="alert">
            {problem}
          </div>
        )}
      </Form>
      {found &&
        (found.length === 0 ? (
          <Alert variant="info" className="mt-2">
            No order has this reference.
          </Alert>
        ) : (
          <ListGroup className="mt-2" style={{ maxWidth: '32rem' }}>
            {found.map((order) => (
              <ListGroup.Item key={order.orderId} action as={Link} to={orderHistoryPath(order.orderId)} data-testid="order-search-result">
                <strong>{order.ref}</strong> · {order.status}
                {order.submittedAt && <> · {londonDateTimeText(order.submittedAt)}</>}
              </ListGroup.Item>
            ))}
          </ListGroup>
        ))}
    </section>
  );
}
