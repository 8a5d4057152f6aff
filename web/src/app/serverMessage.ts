import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import type { SerializedError } from '@reduxjs/toolkit';

/** The text to show for a failed request: the server's `message` when it sent one. */
export function serverMessage(error: FetchBaseQueryError | SerializedError | undefined, fallback: string): string {
  if (!error) return fallback;
  if ('status' in error) {
    const data = error.data;
    if (data && typeof data === 'object' && 'message' in data && typeof data.message === 'string') {
      return data.message;
    }
    if (error.status === 429) return 'Too many attempts; please wait a moment and try again.';
    return fallback;
  }
  return error.message ?? fallback;
}

/** `serverMessage` for an error caught from `unwrap()` or `queryFulfilled`, whose type is unknown. */
export function caughtMessage(caught: unknown, fallback: string): string {
  return serverMessage(asRequestError(caught), fallback);
}

/** True when the server answered (with an HTTP status), as opposed to a network or parsing failure. */
export function isServerAnswer(caught: unknown): boolean {
  const error = asRequestError(caught);
  return error !== undefined && 'status' in error && typeof error.status === 'number';
}

/**
 * True when the server said the session is signed out (401): the login was disabled or ended elsewhere. The
 * screen then says so itself (RequireRole), so a fetch's own error dialog stays away.
 */
export function isSignedOut(caught: unknown): boolean {
  const error = asRequestError(caught);
  return error !== undefined && 'status' in error && error.status === 401;
}

/** What went wrong, for a dialog's extra line or a log: the server's message, or the failure's own text. */
export function errorText(caught: unknown): string {
  const error = asRequestError(caught);
  if (!error) return String(caught);
  if (!('status' in error)) return error.message ?? error.name ?? 'Unknown error';
  // FETCH_ERROR, PARSING_ERROR, TIMEOUT_ERROR and CUSTOM_ERROR carry their own text.
  if ('error' in error) return error.error;
  return serverMessage(error, `HTTP ${error.status}`);
}

// queryFulfilled rejects with `{ error }`; unwrap() rejects with the error itself.
function asRequestError(caught: unknown): FetchBaseQueryError | SerializedError | undefined {
  if (!caught || typeof caught !== 'object') return undefined;
  if ('error' in caught && caught.error && typeof caught.error === 'object') return caught.error as FetchBaseQueryError;
  return caught as FetchBaseQueryError | SerializedError;
}
