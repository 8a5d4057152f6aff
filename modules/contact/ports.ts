import type { InboxMessage } from '../../src/shared/contact-form';

export type { InboxMessage };

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
