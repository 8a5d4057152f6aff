/** One message as the staff inbox shows it (the contact messages read model). */
export interface InboxMessage {
  messageId: string;
  receivedAt: string;
  name: string;
  email: string;
  phone: string | null;
  subject: string | null;
  message: string;
  /** When and by whom (the login's address) it was marked handled; null while it waits. */
  handledAt: string | null;
  handledBy: string | null;
}

/** What the inbox reads; the read model implements it and the composition root hands it in. */
export interface ContactInbox {
  /** The newest messages first, at most `limit`. */
  newest(limit: number): Promise<InboxMessage[]>;
  /** How many messages wait to be handled. */
  unhandled(): Promise<number>;
}

/** The human check's verifier (src/human-check): true once for a solved, unexpired challenge. */
export interface HumanCheckVerifier {
  verify(payload: unknown): Promise<boolean>;
}
