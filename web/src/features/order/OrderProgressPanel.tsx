import Alert from 'react-bootstrap/Alert';
import { telHref } from '../../../../src/shared/contact';
import type { OrderProgress } from '../../../../src/shared/order-progress';
import {
  CALL_THE_SHOP,
  CALL_TO_PAY,
  expectedSentence,
  NOT_YET,
  placedOn,
  refundSentence,
  STATUS_HEADLINES,
  statusSentence,
  STEP_LABELS,
  STEPS_CAPTION,
  stepTime,
  toPay,
} from '../../../../src/shared/order-status-texts';
import { useCheckoutSettings } from '../settings/useCheckoutSettings';
import './OrderProgressPanel.css';

/** The shop's number as a link a phone rings with one tap. */
function ShopPhone({ phone, inAlert = false }: { phone: string; inAlert?: boolean }) {
  return (
    // Inside an alert, the alert's own link colour keeps the contrast.
    <a href={telHref(phone)} className={inAlert ? 'alert-link' : 'fw-semibold'} data-testid="shop-phone">
      {phone}
    </a>
  );
}

/**
 * Where the order is (issue 31): its status in words, when to expect it, and its steps with their times. The
 * words are src/shared/order-status-texts.ts; the live updates come with the data (progressApi.ts).
 */
export function OrderProgressPanel({ progress }: { progress: OrderProgress }) {
  const { phoneNoDisplay, fullAddress } = useCheckoutSettings();
  const expected = expectedSentence(progress);
  const awaitingPayment = progress.current === 'placed';

  return (
    <section className="order-progress mb-4" data-testid="order-progress" data-step={progress.current} aria-labelledby="order-progress-headline">
      {/* Announced when it changes by itself: the customer may be looking elsewhere. */}
      <div aria-live="polite" aria-atomic="true">
        <h2 id="order-progress-headline" className="h4" data-testid="order-progress-headline">
          {STATUS_HEADLINES[progress.current]}
        </h2>
        {awaitingPayment ? (
          <Alert variant="info" data-testid="pay-by-phone-instructions">
            {CALL_TO_PAY} <ShopPhone phone={phoneNoDisplay} inAlert /> {toPay(progress.lapseAt)} {statusSentence(progress, fullAddress)}
          </Alert>
        ) : (
          <p data-testid="order-progress-sentence">{statusSentence(progress, fullAddress)}</p>
        )}
        {expected && (
          <p className="fw-semibold" data-testid="order-expected">
            {expected}
          </p>
        )}
        {progress.refund && (
          <p className="fw-semibold" data-testid="order-refund">
            {refundSentence(progress.refund, progress.paymentMethod)}
          </p>
        )}
      </div>
      <p className="text-body-secondary mb-2">{placedOn(progress.placedAt)}</p>
      <ol className="order-steps list-unstyled" aria-label={STEPS_CAPTION}>
        {progress.steps.map(({ step, reached, at }) => (
          <li key={step} className="order-step" data-testid="order-step" data-step={step} data-reached={reached} aria-current={step === progress.current ? 'step' : undefined}>
            <span className="order-step-mark" aria-hidden="true">
              {reached ? '✓' : '○'}
            </span>
            <span className={reached ? 'fw-semibold' : 'text-body-secondary'}>{STEP_LABELS[step]}</span>
            {at && (
              <time className="ms-2" dateTime={at} data-testid="order-step-time">
                {stepTime(at)}
              </time>
            )}
            {!reached && <span className="visually-hidden"> {NOT_YET}</span>}
          </li>
        ))}
      </ol>
      {!awaitingPayment && (
        <p>
          {CALL_THE_SHOP} <ShopPhone phone={phoneNoDisplay} />.
        </p>
      )}
    </section>
  );
}
