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
