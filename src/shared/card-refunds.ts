/** One line of the kitchen's "Card payments refunded today" (GET /api/todaysCardRefunds), server and web alike. */
export interface CardRefundEntry {
  ref: string;
  /** London wall-clock time the money was found to be due back, 'HH:mm'. */
  time: string;
  amountPence: number;
  reason: string;
  refunded: boolean;
  /** Why the provider could not make it, when it failed (staff then give the money back another way). */
  failure: string | null;
}
