import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * Time-based one-time codes (RFC 6238, HMAC-SHA-1 as every authenticator app supports), pure: the time comes
 * in, and the caller stores the last step it accepted so that a code is never taken twice.
 */

export const TOTP_PERIOD_SECONDS = 30;
export const TOTP_DIGITS = 6;
/** One step either side: a phone's clock a little off, or a code typed as it changed, still works. */
const WINDOW_STEPS = 1;
const SECRET_BYTES = 20; // 160 bits, the length RFC 4226 recommends

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

export function base32Encode(bytes: Buffer): string {
  let bits = 0;
  let value = 0;
  let out = '';
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += BASE32[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += BASE32[(value << (5 - bits)) & 31];
  return out;
}

/** Reads a secret as authenticator apps show it: any case, spaces and padding ignored. */
export function base32Decode(text: string): Buffer {
  const clean = text.replace(/[\s=]/g, '').toUpperCase();
  if (!/^[A-Z2-7]+$/.test(clean)) throw new Error('not a base32 secret');
  let bits = 0;
  let value = 0;
  const bytes: number[] = [];
  for (const char of clean) {
    value = (value << 5) | BASE32.indexOf(char);
    bits += 5;
    if (bits >= 8) {
      bytes.push((value >>> (bits - 8)) & 255);
      bits -= 8;
    }
  }
  return Buffer.from(bytes);
}

/** A new secret, base32 as authenticator apps expect it. */
export function generateTotpSecret(): string {
  return base32Encode(randomBytes(SECRET_BYTES));
}

/** The otpauth:// URI an authenticator app reads (usually from a QR code) to add the account. */
export function otpauthUri(options: { secret: string; account: string; issuer: string }): string {
  const label = `${encodeURIComponent(options.issuer)}:${encodeURIComponent(options.account)}`;
  const query = new URLSearchParams({
    secret: options.secret,
    issuer: options.issuer,
    algorithm: 'SHA1',
    digits: String(TOTP_DIGITS),
    period: String(TOTP_PERIOD_SECONDS),
  });
  return `otpauth://totp/${label}?${query.toString()}`;
}

export function totpStep(at: Date): number {
  return Math.floor(at.getTime() / 1000 / TOTP_PERIOD_SECONDS);
}

/** RFC 4226's HOTP: HMAC of the counter, dynamic truncation, the last `digits` decimal digits. */
function hotp(secret: Buffer, counter: number, digits: number): string {
  const message = Buffer.alloc(8);
  message.writeBigUInt64BE(BigInt(counter));
  const mac = createHmac('sha1', secret).update(message).digest();
  const offset = mac[mac.length - 1] & 0x0f;
  const binary = mac.readUInt32BE(offset) & 0x7fffffff;
  return String(binary % 10 ** digits).padStart(digits, '0');
}

/** The code for the step containing `at` (what the phone shows then). */
export function totpCode(secret: string, at: Date, digits = TOTP_DIGITS): string {
  return hotp(base32Decode(secret), totpStep(at), digits);
}

export type TotpVerification = { ok: true; step: number } | { ok: false; reason: 'malformed' | 'wrong' | 'replayed' };

/**
 * Checks a code against the steps around `at`. A code of a step at or before `lastUsedStep` is refused as
 * replayed, so one code (or an older one) never signs in twice; on success, store the `step` returned.
 */
export function verifyTotp(options: {
  secret: string;
  code: string;
  at: Date;
  lastUsedStep?: number | null;
  digits?: number;
}): TotpVerification {
  const digits = options.digits ?? TOTP_DIGITS;
  const code = options.code.replace(/\s/g, '');
  if (!new RegExp(`^\\d{${digits}}$`).test(code)) return { ok: false, reason: 'malformed' };
  const secret = base32Decode(options.secret);
  const current = totpStep(options.at);
  let matched: number | undefined;
  // Every step in the window is computed and compared in constant time, whichever matches.
  for (let step = Math.max(0, current - WINDOW_STEPS); step <= current + WINDOW_STEPS; step++) {
    if (timingSafeEqual(Buffer.from(hotp(secret, step, digits)), Buffer.from(code)) && matched === undefined) matched = step;
  }
  if (matched === undefined) return { ok: false, reason: 'wrong' };
  if (options.lastUsedStep != null && matched <= options.lastUsedStep) return { ok: false, reason: 'replayed' };
  return { ok: true, step: matched };
}
