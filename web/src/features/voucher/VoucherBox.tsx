import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import InputGroup from 'react-bootstrap/InputGroup';
import type { Order } from '../order/order';
import { useVoucherCheck } from './useVoucherCheck';
import { useVouchersStatusQuery } from './voucherApi';
import { VOUCHER_PLACEHOLDER } from './voucherTexts';

/**
 * Spec §2 "Voucher box": shown only when the store has vouchers on. A text input, the answer line under it, and
 * a remove link (x) while the input has text.
 */
export function VoucherBox({ order }: { order: Order }) {
  const { data: enabled } = useVouchersStatusQuery();
  const { code, answer, change, clear } = useVoucherCheck(order);
  if (!enabled) return null;

  return (
    <Card as="section" className="mb-3" aria-labelledby="voucher-heading" data-testid="voucher-box">
      <Card.Body>
        <Card.Title as="h2" id="voucher-heading" className="h5 mb-3">
          Voucher
        </Card.Title>
        <InputGroup>
          <Form.Control
            value={code}
            onChange={(event) => change(event.target.value)}
            placeholder={VOUCHER_PLACEHOLDER}
            aria-label="Voucher code"
            aria-describedby="voucher-answer"
            maxLength={40}
            autoComplete="off"
            data-testid="voucher-code"
          />
          {code !== '' && (
            <Button variant="outline-secondary" onClick={clear} aria-label="Remove voucher code" data-testid="voucher-clear">
              <span aria-hidden="true">×</span>
            </Button>
          )}
        </InputGroup>
        <Form.Text id="voucher-answer" aria-live="polite" data-testid="voucher-answer">
          {answer}
        </Form.Text>
      </Card.Body>
    </Card>
  );
}
