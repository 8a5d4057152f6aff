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
  /** How many of these logins are still active (not disabled). */
  activeLogins(userIds: readonly string[]): Promise<number>;
  /** Mails about these orders or to these logins: never sent if still queued, blanked, their .eml files deleted. */
  forgetMails(about: { orderIds: readonly string[]; userIds: readonly string[] }): Promise<void>;
  /** These logins' addresses and secrets, and their sessions. */
  forgetLogins(userIds: readonly string[]): Promise<void>;
}
