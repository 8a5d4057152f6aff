/** An order as erasure needs it: whose it is and which basket it came from. */
export interface OrderOwner {
  orderId: string;
  cartId: string;
  userId: string | null;
}

/** What erasure reads and cleans outside its own streams; the composition root gives the implementations. */
export interface PrivacyPorts {
  /** The orders of these ids, and of these logins. */
  orders(by: { orderIds: readonly string[]; userIds: readonly string[] }): Promise<OrderOwner[]>;
  /** Guest orders and baskets whose key was made before `before` and is not erased yet, at most `limit`. */
  expiredGuestSubjects(before: Date, limit: number): Promise<string[]>;
  /** Orders and logins stored in clear before sealing existed, whose email and phone have no lookup yet. */
  withoutLookups(limit: number): Promise<Array<{ subject: string; email: string | null; phone: string | null }>>;
  /** How many of these logins are still active (not disabled). */
  activeLogins(userIds: readonly string[]): Promise<number>;
  /** The addresses of these logins. */
  emailsOf(userIds: readonly string[]): Promise<string[]>;
  /** Mails about these orders or to these addresses: never sent if still queued, blanked, their .eml files deleted. */
  forgetMails(about: { orderIds: readonly string[]; recipients: readonly string[] }): Promise<void>;
  /** What other modules keep about these orders' customers outside events (the vouchers' keyed hashes). */
  forgetOrders(orderIds: readonly string[]): Promise<void>;
  /** These logins' addresses and secrets, and their sessions. */
  forgetLogins(userIds: readonly string[]): Promise<void>;
}
