/** The closed family of errors a command or route may raise; only the HTTP error middleware maps them to statuses. */
export type DomainErrorKind = 'invalid' | 'unauthenticated' | 'forbidden' | 'not_found' | 'conflict' | 'too_many' | 'unavailable';

export class DomainError extends Error {
  override name = 'DomainError';

  constructor(
    readonly kind: DomainErrorKind,
    message: string,
    /** Seconds a throttled caller should wait. */
    readonly retryAfterSeconds?: number,
    /** A code the web app acts on (e.g. 'step_up_required': ask for the password again). */
    readonly code?: string,
  ) {
    super(message);
  }
}
