import type { UnpaidWaiting } from './commands';

/**
 * The order module's query port on orders awaiting payment, for the cap on unpaid phone orders. The orders read
 * model implements it (projections/orders/queries.ts). Until the personal-data issue keys these counts on a
 * keyed hash, they match the phone number and email as stored.
 */
export interface UnpaidOrders {
  /** Orders awaiting payment with this phone number, with this email, and among these order ids (a session's). */
  waiting(customer: { phone: string; email: string; orderIds: readonly string[] }): Promise<UnpaidWaiting>;
}
