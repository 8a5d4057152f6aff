import { createHmac, timingSafeEqual } from 'node:crypto';

const UUID_LENGTH = 36;

/**
 * The token in an invitation link: the account and invitation ids, signed so that nobody can make one up, run
 * together (a dot would make the path look like a file's, which the web app's page routes do not answer).
 * Whether it still works (not used, not replaced, not expired) is the decider's business, not the link's.
 */
export function invitationToken(key: string, accountId: string, invitationId: string): string {
  return `${accountId}${invitationId}${sign(key, accountId, invitationId)}`;
}

export function readInvitationToken(key: string, token: string): { accountId: string; invitationId: string } | null {
  const accountId = token.slice(0, UUID_LENGTH);
  const invitationId = token.slice(UUID_LENGTH, 2 * UUID_LENGTH);
  const signature = token.slice(2 * UUID_LENGTH);
  if (invitationId.length < UUID_LENGTH || !signature) return null;
  const expected = Buffer.from(sign(key, accountId, invitationId));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given) ? { accountId, invitationId } : null;
}

const sign = (key: string, accountId: string, invitationId: string) =>
  createHmac('sha256', key).update(`invitation\n${accountId}\n${invitationId}`).digest('base64url');

export const invitationPath = (token: string) => `/invitation/${token}`;
