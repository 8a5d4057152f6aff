import { createHmac } from 'node:crypto';
import { parsePhoneNumberFromString } from 'libphonenumber-js';

export type LookupKind = 'email' | 'phone';

/** Trimmed, NFC-normalised and lower-cased, so `Sam@Example.com ` and `sam@example.com` find the same person. */
export function normaliseEmail(value: string): string {
  return value.trim().normalize('NFC').toLowerCase();
}

/** E.164 when the number parses as a possible one (UK numbers may omit +44); otherwise its digits, so spacing never matters. */
export function normalisePhone(value: string): string {
  const phone = parsePhoneNumberFromString(value.trim(), 'GB');
  return phone?.isPossible() ? phone.number : value.replace(/\D/g, '');
}

/**
 * A keyed hash (HMAC-SHA-256) of a normalised email or phone, for exact-match lookups (caps, account linking).
 * Never put it in an event: whoever holds the key could test addresses against it for ever.
 */
export function lookupHash(lookupKey: Buffer, kind: LookupKind, value: string): string {
  const normalised = kind === 'email' ? normaliseEmail(value) : normalisePhone(value);
  return createHmac('sha256', lookupKey).update(`${kind}\u0000${normalised}`, 'utf8').digest('base64url');
}
