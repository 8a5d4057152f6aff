/**
 * A placed order's steps as its customer follows them (issue 31): what the order-complete page and the order's
 * status page show, server and web alike. The order module's `orderProgress` (modules/order/core/order-progress.ts)
 * makes one; the words for each step are in order-status-texts.ts.
 */
import type { TakeawayMethod } from './order';

/** How long the confirmation mail's signed link to the order's status page works. */
export const STATUS_LINK_HOURS = 48;

/** Placed, paid, cooking, ready for collection or on its way, completed; or placed, then lapsed or cancelled. */
export const PROGRESS_STEPS = ['placed', 'paid', 'cooking', 'ready', 'on-its-way', 'completed', 'lapsed', 'cancelled'] as const;
export type ProgressStepName = (typeof PROGRESS_STEPS)[number];

export interface ProgressStep {
  step: ProgressStepName;
  reached: boolean;
  /** When it was reached; null until then (or for a step the kitchen went past without it, as completing an order it never notified). */
  at: string | null;
}

/** When the customer may expect the order: the time set when it was paid, or, before that, the wait after paying. */
export type ExpectedTime = { readyBy: string } | { minutesAfterPayment: number } | null;

export interface RefundProgress {
  refundedPence: number;
  full: boolean;
  byHand: boolean;
  failedPence: number;
}

export interface OrderProgress {
  orderId: string;
  ref: string;
  method: TakeawayMethod | null;
  paymentMethod: 'PHONE' | 'CARD' | 'PAYPAL';
  placedAt: string;
  /** The slot the customer booked (issue 37), or null for as soon as possible. */
  scheduledFor: string | null;
  /** The last step reached: the order's status in a word. */
  current: ProgressStepName;
  steps: ProgressStep[];
  expected: ExpectedTime;
  /** While it awaits payment: when it lapses if nobody pays (null for orders from before lapses). */
  lapseAt: string | null;
  /**
   * Money the shop gave back (issue 35): how much, whether all of it, whether by hand, and how much a card refund
   * the bank refused did not give back (the shop gives that another way).
   */
  refund: RefundProgress | null;
}

/** The answer of `GET /api/orders/:id/progress`: the steps, and a token for the order's private live channel. */
export interface OrderProgressAnswer {
  status: true;
  progress: OrderProgress;
  /**
   * For `/events/order?auth=` (10 minutes; the open page asks again before it runs out); null while the shop has
   * no live update keys, when the page shows the status without following it.
   */
  auth: string | null;
  message: string;
}

/** An order that moves no more: nothing more will be pushed. */
export function isFinalStep(step: ProgressStepName): boolean {
  return step === 'completed' || step === 'lapsed' || step === 'cancelled';
}
