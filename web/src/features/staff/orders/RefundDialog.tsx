import { useState, type FormEvent } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import { parsePounds } from '../../../../../src/shared/money';
import { STAFF_REFUND_REASON_TEXT, STAFF_REFUND_REASONS, type StaffRefundReason } from '../../../../../src/shared/order';
import { formatPence } from '../../../app/money';
import { useStepUp } from '../../accounts/useStepUp';
import type { LiveOrder } from './kitchenOrder';
import { useRefundOrderMutation } from './liveOrdersApi';

type Way = 'lines' | 'amount';

/**
 * Refund dishes (each line once; before the ticket is printed their units go back on the menu) or an amount, never
 * more than is left; the server decides and answers the order as it now stands. Needs the password again when it was
 * not entered in the last few minutes.
 */
export function RefundDialog({ order, onClose }: { order: LiveOrder; onClose: () => void }) {
  const [refund, { isLoading }] = useRefundOrderMutation();
  const { run, prompt, error } = useStepUp();
  const [way, setWay] = useState<Way>('lines');
  const [lines, setLines] = useState<number[]>([]);
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState<StaffRefundReason>('wrong_dish');
  const [note, setNote] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  // One key for this dialog's refund: a double click, or a resend after a lost answer, is the same refund.
  const [requestId] = useState(() => crypto.randomUUID());
  const left = order.refundable;
  const byCard = order.payment_method === 'CARD';
  // A card order's money may be handed back another way (cash at the counter), as when the card refund failed.
  const [byHand, setByHand] = useState(order.refund_failed > 0);
  const titleId = `refund-title-${order.id}`;
  const printed = order.printed_copies > 0;

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setProblem(null);
    const pence = parsePounds(amount);
    if (way === 'lines' && lines.length === 0) return setProblem('Choose the dishes to refund.');
    if (way === 'amount' && (pence === null || pence <= 0)) return setProblem('Enter the amount to refund in pounds and pence, such as 4.50.');
    const part = way === 'lines' ? { lines } : { amountPence: pence as number };
    await run(async () => {
      await refund({ orderId: order.id, requestId, reason, note, byHand: byCard && byHand, ...part }).unwrap();
      onClose();
    });
  };

  const toggle = (index: number) => setLines((chosen) => (chosen.includes(index) ? chosen.filter((one) => one !== index) : [...chosen, index]));

  return (
    <>
      <Modal show onHide={onClose} centered scrollable aria-labelledby={titleId} data-testid="refund-dialog">
        <Form onSubmit={submit} noValidate>
          <Modal.Header closeButton closeLabel="Close">
            <Modal.Title id={titleId} as="h2" className="h5">
              Refund order {order.ref}
            </Modal.Title>
          </Modal.Header>
          <Modal.Body>
            <p>
              Paid {formatPence(order.total_cost)}; {formatPence(left)} can still be refunded
              {byCard && !byHand ? ', to the card it was paid with.' : ', by hand: give the money back yourself.'}
            </p>
            {order.refund_failed > 0 && (
              <Alert variant="warning" data-testid="refund-failed-note">
                The card refund of {formatPence(order.refund_failed)} failed: the money did not go back. Refund it again, or give it back by hand.
              </Alert>
            )}
            {byCard && (
              <Form.Check
                className="mb-3"
                id={`refund-by-hand-${order.id}`}
                label="I give the money back by hand (not to the card)"
                checked={byHand}
                onChange={(event) => setByHand(event.target.checked)}
              />
            )}
            <fieldset className="mb-3">
              <legend className="h6">What to refund</legend>
              <Form.Check type="radio" id={`refund-lines-${order.id}`} name="refund-way" label="Refund dishes" checked={way === 'lines'} onChange={() => setWay('lines')} />
              <Form.Check type="radio" id={`refund-amount-${order.id}`} name="refund-way" label="Refund an amount" checked={way === 'amount'} onChange={() => setWay('amount')} />
            </fieldset>
            {way === 'lines' ? (
              <fieldset className="mb-3">
                <legend className="h6">Dishes</legend>
                {order.order_items.map((item, index) => (
                  <Form.Check
                    key={`${item.product_id}-${item.variant_id ?? ''}`}
                    id={`refund-line-${order.id}-${index}`}
                    label={`${item.quantity} x ${item.name} ${formatPence(item.price * item.quantity)}${order.refunded_lines.includes(index) ? ' (refunded)' : ''}`}
                    disabled={order.refunded_lines.includes(index)}
                    checked={lines.includes(index)}
                    onChange={() => toggle(index)}
                  />
                ))}
                <Form.Text>{printed ? 'The ticket was printed: the dishes do not go back on the menu.' : 'Not printed yet: the dishes go back on the menu.'}</Form.Text>
              </fieldset>
            ) : (
              <Form.Group className="mb-3" controlId={`refund-pounds-${order.id}`}>
                <Form.Label>Amount (£)</Form.Label>
                <Form.Control inputMode="decimal" value={amount} onChange={(event) => setAmount(event.target.value)} placeholder={(left / 100).toFixed(2)} />
              </Form.Group>
            )}
            <Form.Group className="mb-3" controlId={`refund-reason-${order.id}`}>
              <Form.Label>Why</Form.Label>
              <Form.Select value={reason} onChange={(event) => setReason(event.target.value as StaffRefundReason)}>
                {STAFF_REFUND_REASONS.map((one) => (
                  <option key={one} value={one}>
                    {STAFF_REFUND_REASON_TEXT[one]}
                  </option>
                ))}
              </Form.Select>
            </Form.Group>
            <Form.Group controlId={`refund-note-${order.id}`}>
              <Form.Label>Note (optional)</Form.Label>
              <Form.Control as="textarea" rows={2} maxLength={500} value={note} onChange={(event) => setNote(event.target.value)} />
            </Form.Group>
            {(problem ?? error) && (
              <Alert variant="danger" role="alert" className="mt-3 mb-0">
                {problem ?? error}
              </Alert>
            )}
          </Modal.Body>
          <Modal.Footer>
            <Button variant="secondary" onClick={onClose}>
              Keep the money
            </Button>
            <Button type="submit" variant="danger" disabled={isLoading} data-testid="refund-confirm">
              Refund
            </Button>
          </Modal.Footer>
        </Form>
      </Modal>
      {prompt}
    </>
  );
}
