import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import type { SerializedError } from '@reduxjs/toolkit';
import { API_ACCESS_TEXTS } from '../../../../src/shared/api-scopes';

/**
 * Staff spec §8: when the answer's body is an object its errors are flattened into a list (a Laravel-style
 * `errors` object's messages, or our one `message`); otherwise the one sentence 'Something went wrong. Please try again.'
 */
export function errorList(error: FetchBaseQueryError | SerializedError | undefined): string[] {
  const data = error && 'status' in error ? error.data : undefined;
  if (data === null || typeof data !== 'object') return [API_ACCESS_TEXTS.failed];
  const errors = (data as { errors?: unknown }).errors;
  if (errors !== null && typeof errors === 'object') {
    const messages = Object.values(errors).flat().filter((message): message is string => typeof message === 'string');
    if (messages.length > 0) return messages;
  }
  const message = (data as { message?: unknown }).message;
  return typeof message === 'string' ? [message] : [API_ACCESS_TEXTS.failed];
}
