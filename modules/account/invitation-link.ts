import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The token in an invitation link: the account and invitation ids, signed so that nobody can make one up.
 * Whether it still works (not used, not replaced, not expired) is the decider's business, not the link's.
 */
export function invitationToken(key: string, accountId: string, invitationId: string): string {
  return `${accountId}.${invitationId}.${sign(key, accountId, invitationId)}`;
}

export function readInvitationToken(key: string, token: string): { accountId: string; invitationId: string } | null {
  const [accountId, invitationId, signature, ...rest] = token.split('.');
  if (!accountId || !invitationId || !signature || rest.length > 0) return null;
  const expected = Buffer.from(sign(key, accountId, invitationId));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given) ? { accountId, invitationId } : null;
}

const sign = (key: string, accountId: string, invitationId: string) =>
  createHmac('sha256', key).update(`invitation\n${accountId}\n${invitationId}`).digest('base64url');

export const invitationPath = (token: string) => `/invitation/${token}`;
