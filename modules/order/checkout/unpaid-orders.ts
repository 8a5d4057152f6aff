import type { UnpaidWaiting } from '../core/commands';

/**
 * The order module's query port on orders awaiting payment, for the cap on unpaid phone orders. The orders read
 * model implements it (projections/orders/queries.ts): the phone number and email are matched by their keyed
 * hashes in pii.lookups (normalised first, so another spelling of one number counts too), never as stored text.
 */
export interface UnpaidOrders {
  /** Orders awaiting payment with this phone number, with this email, and among these order ids (a session's). */
  waiting(customer: { phone: string; email: string; orderIds: readonly string[] }): Promise<UnpaidWaiting>;
}
