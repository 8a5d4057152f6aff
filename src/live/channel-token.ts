import { createHmac } from 'node:crypto';
import { expiryField, sameSignature, unexpired } from '../http/signed-links';
import { orderChannelName } from '../shared/order-channel';

/**
 * Tokens for a private live channel (issue 17, spec §7 `/broadcasting/auth`): the channel's name and an expiry,
 * signed with the live update keys' secret (issue 30 item 1, `live-keys.ts`), so no session is needed to check one. A token only
 * lets its holder open the stream; a stream already open is not cut when it expires.
 */
export const CHANNEL_TOKEN_MINUTES = 10;

export function signChannelToken(channel: string, key: string, expiresAt: Date): string {
  const expires = expiryField(expiresAt);
  return `${Buffer.from(channel).toString('base64url')}.${expires}.${signature(channel, expires, key)}`;
}

/** A token for one order's private channel, good for CHANNEL_TOKEN_MINUTES from `now`. */
export function orderChannelToken(orderId: string, key: string, now: Date): string {
  return signChannelToken(orderChannelName(orderId), key, new Date(now.getTime() + CHANNEL_TOKEN_MINUTES * 60_000));
}

/** The channel a token was signed for, or undefined when it is forged, malformed or expired at `now`. */
export function channelOfToken(token: string, key: string, now: Date): string | undefined {
  const [encoded, expires, given, ...rest] = token.split('.');
  if (rest.length > 0 || !encoded || !given || !unexpired(expires, now)) return undefined;
  const channel = Buffer.from(encoded, 'base64url').toString('utf8');
  return sameSignature(signature(channel, expires, key), given) ? channel : undefined;
}

// A purpose prefix, so no other value signed with the same key (a printer link, an invitation) passes as a token.
function signature(channel: string, expires: string, key: string): string {
  return createHmac('sha256', key).update(`live-channel\n${channel}\n${expires}`).digest('base64url');
}
