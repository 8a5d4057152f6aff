import { createHmac, timingSafeEqual } from 'node:crypto';

const UUID_LENGTH = 36;

/** What a mailed link of a login is for: its signature covers this, so one kind of link never works as another. */
export type LinkPurpose = 'invitation' | 'verify-email' | 'reset-password' | 'change-email';

/**
 * The token in a mailed link (an invitation, a customer's address to confirm): the account id and the id of what
 * the link is for, signed so that nobody can make one up, run together (a dot would make the path look like a
 * file's, which the web app's page routes do not answer). Whether it still works (not used, not replaced, not
 * expired) is the decider's business, not the link's.
 */
export function accountLinkToken(key: string, purpose: LinkPurpose, accountId: string, id: string): string {
  return `${accountId}${id}${sign(key, purpose, accountId, id)}`;
}

export function readAccountLinkToken(key: string, purpose: LinkPurpose, token: string): { accountId: string; id: string } | null {
  const accountId = token.slice(0, UUID_LENGTH);
  const id = token.slice(UUID_LENGTH, 2 * UUID_LENGTH);
  const signature = token.slice(2 * UUID_LENGTH);
  if (id.length < UUID_LENGTH || !signature) return null;
  const expected = Buffer.from(sign(key, purpose, accountId, id));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given) ? { accountId, id } : null;
}

export const invitationToken = (key: string, accountId: string, invitationId: string) => accountLinkToken(key, 'invitation', accountId, invitationId);

export function readInvitationToken(key: string, token: string): { accountId: string; invitationId: string } | null {
  const ids = readAccountLinkToken(key, 'invitation', token);
  return ids && { accountId: ids.accountId, invitationId: ids.id };
}

const sign = (key: string, purpose: LinkPurpose, accountId: string, id: string) =>
  createHmac('sha256', key).update(`${purpose}\n${accountId}\n${id}`).digest('base64url');

export const invitationPath = (token: string) => `/invitation/${token}`;
/** The customer's confirmation link opens the sign-in page, which confirms the address and offers to sign in. */
export const verifyEmailPath = (token: string) => `/login?verify=${token}`;
/** The forgotten-password link opens the sign-in page, which then asks for the new password. */
export const resetPasswordPath = (token: string) => `/login?reset=${token}`;
/** The new address's link opens the sign-in page, which confirms it. */
export const changeEmailPath = (token: string) => `/login?email-change=${token}`;
