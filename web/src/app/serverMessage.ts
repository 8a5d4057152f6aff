import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import type { SerializedError } from '@reduxjs/toolkit';

/** What people are told when a call never reached the shop (never the browser's own 'Failed to fetch'). */
export const UNREACHABLE = 'The shop could not be reached; check your connection';
export const TOO_SLOW = 'The shop took too long to answer; please try again';
export const UNREADABLE = "The shop's answer could not be read; please try again";
export const TOO_MANY = 'Too many attempts; please wait a moment and try again.';
export const SOMETHING_WRONG = 'Something went wrong; please try again';

// What browsers say when fetch cannot reach the server (Chromium, Firefox, Safari).
const NETWORK_TEXT = /failed to fetch|networkerror|load failed|network request failed/i;

/** The text to show for a failed request: the server's `message` when it sent one. */
export function serverMessage(error: FetchBaseQueryError | SerializedError | undefined, fallback: string): string {
  if (!error) return fallback;
  if ('status' in error) {
    const data = error.data;
    if (data && typeof data === 'object' && 'message' in data && typeof data.message === 'string') {
      return data.message;
    }
    if (error.status === 429) return TOO_MANY;
    return fallback;
  }
  return thrownText(error) ?? fallback;
}

/** A thrown Error's text when it is one of ours (a sentence); a browser's network failure as a sentence; else null. */
function thrownText(error: SerializedError): string | null {
  const text = error.message ?? '';
  if (NETWORK_TEXT.test(text)) return UNREACHABLE;
  return text && (error.name === undefined || error.name === 'Error') ? text : null;
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

/**
 * The one place a failed call becomes words for people (issue 38): the server's own message when it sent one,
 * else a plain sentence saying what happened; never a browser's raw text such as 'TypeError: Failed to fetch'.
 */
export function errorText(caught: unknown): string {
  const error = asRequestError(caught);
  if (!error) return SOMETHING_WRONG;
  // A thrown Error: our own code throws sentences; the browser's TypeErrors and the like are not for people.
  if (!('status' in error)) return thrownText(error) ?? SOMETHING_WRONG;
  switch (error.status) {
    case 'FETCH_ERROR':
      return UNREACHABLE;
    case 'TIMEOUT_ERROR':
      return TOO_SLOW;
    case 'PARSING_ERROR':
      return serverMessage(error, UNREADABLE);
    case 'CUSTOM_ERROR':
      return NETWORK_TEXT.test(error.error) ? UNREACHABLE : SOMETHING_WRONG;
    default:
      return serverMessage(error, `The shop could not do that just now (error ${error.status}); please try again`);
  }
}

/** What went wrong, for the server's log only (never shown): the server's message, or the failure's own text. */
export function errorDetail(caught: unknown): string {
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
