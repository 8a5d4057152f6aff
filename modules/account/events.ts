import { z } from 'zod';
import { roleSchema } from '../../src/identity/roles';
import { customerSubject, ERASED, type PersonalDataDeclarations } from '../../src/personal-data';

/**
 * The personal fields of an account event, in one group, so the personal-data envelope (issue 15 item 3) can
 * wrap exactly this object. Password hashes and TOTP secrets are never in events: they live in
 * account_credentials (see docs/architecture.md, "Accounts").
 */
export const AccountPerson = z.object({ email: z.string() });

/** An admin or manager invited someone; the link (signed invitation id) works until `expiresAt`, once. */
export const AccountInvited = z.object({
  type: z.literal('AccountInvited'),
  data: z.object({ invitationId: z.uuid(), role: roleSchema, expiresAt: z.iso.datetime(), person: AccountPerson }),
});
/**
 * An account that never had an invitation: the admin made at first start, a user the shop held before
 * accounts were event-sourced (adopted at start), or one made by the test set-up.
 */
export const AccountRegistered = z.object({
  type: z.literal('AccountRegistered'),
  data: z.object({ role: roleSchema, mustChangePassword: z.boolean(), person: AccountPerson }),
});
/** The password was set (following an invitation) or changed; the hash went to account_credentials. */
export const PasswordSet = z.object({
  type: z.literal('PasswordSet'),
  data: z.object({ invitationId: z.uuid().optional() }),
});
export const RoleChanged = z.object({
  type: z.literal('RoleChanged'),
  data: z.object({ from: roleSchema, to: roleSchema }),
});
export const AccountDisabled = z.object({ type: z.literal('AccountDisabled'), data: z.object({}) });
export const AccountEnabled = z.object({ type: z.literal('AccountEnabled'), data: z.object({}) });
export const TotpTurnedOn = z.object({ type: z.literal('TotpTurnedOn'), data: z.object({}) });
/** `by`: the account itself, another admin (a lost phone), or the reset-totp command on the server. */
export const TotpTurnedOff = z.object({ type: z.literal('TotpTurnedOff'), data: z.object({ by: z.enum(['self', 'admin', 'server']) }) });
export const LoggedIn = z.object({ type: z.literal('LoggedIn'), data: z.object({}) });
/**
 * A customer signed themselves up (issue 33): the password hash went to account_credentials; the account is
 * unverified until the link mailed to the address (the verification id, signed) is followed before `expiresAt`.
 * Stored again for an address whose earlier sign-up was never confirmed and whose link ran out.
 */
export const CustomerRegistered = z.object({
  type: z.literal('CustomerRegistered'),
  data: z.object({ verificationId: z.uuid(), expiresAt: z.iso.datetime(), person: AccountPerson }),
});
/** The link mailed to the address was followed in time: the address is the person's. */
export const EmailVerified = z.object({ type: z.literal('EmailVerified'), data: z.object({ verificationId: z.uuid() }) });
/** A customer forgot their password: the link mailed (the reset id, signed) sets a new one, once, until `expiresAt`. */
export const PasswordResetRequested = z.object({
  type: z.literal('PasswordResetRequested'),
  data: z.object({ resetId: z.uuid(), expiresAt: z.iso.datetime() }),
});
/** The mailed link set a new password (its hash went to account_credentials); it also proves the address. */
export const PasswordReset = z.object({ type: z.literal('PasswordReset'), data: z.object({ resetId: z.uuid() }) });
/** A customer asked to move their account to another address: the link mailed there confirms it, until `expiresAt`. */
export const EmailChangeRequested = z.object({
  type: z.literal('EmailChangeRequested'),
  data: z.object({ changeId: z.uuid(), expiresAt: z.iso.datetime(), person: AccountPerson }),
});
/** The new address's link was followed: the account is known by it from now on. */
export const EmailChanged = z.object({ type: z.literal('EmailChanged'), data: z.object({ changeId: z.uuid(), person: AccountPerson }) });

export type AccountInvited = z.infer<typeof AccountInvited>;
export type AccountRegistered = z.infer<typeof AccountRegistered>;
export type PasswordSet = z.infer<typeof PasswordSet>;
export type RoleChanged = z.infer<typeof RoleChanged>;
export type AccountDisabled = z.infer<typeof AccountDisabled>;
export type AccountEnabled = z.infer<typeof AccountEnabled>;
export type TotpTurnedOn = z.infer<typeof TotpTurnedOn>;
export type TotpTurnedOff = z.infer<typeof TotpTurnedOff>;
export type LoggedIn = z.infer<typeof LoggedIn>;
export type CustomerRegistered = z.infer<typeof CustomerRegistered>;
export type EmailVerified = z.infer<typeof EmailVerified>;
export type PasswordResetRequested = z.infer<typeof PasswordResetRequested>;
export type PasswordReset = z.infer<typeof PasswordReset>;
export type EmailChangeRequested = z.infer<typeof EmailChangeRequested>;
export type EmailChanged = z.infer<typeof EmailChanged>;
export type AccountEvent =
  | AccountInvited
  | AccountRegistered
  | PasswordSet
  | RoleChanged
  | AccountDisabled
  | AccountEnabled
  | TotpTurnedOn
  | TotpTurnedOff
  | LoggedIn
  | CustomerRegistered
  | EmailVerified
  | PasswordResetRequested
  | PasswordReset
  | EmailChangeRequested
  | EmailChanged;

export const ACCOUNT_EVENT_SCHEMAS = {
  AccountInvited,
  AccountRegistered,
  PasswordSet,
  RoleChanged,
  AccountDisabled,
  AccountEnabled,
  TotpTurnedOn,
  TotpTurnedOff,
  LoggedIn,
  CustomerRegistered,
  EmailVerified,
  PasswordResetRequested,
  PasswordReset,
  EmailChangeRequested,
  EmailChanged,
} satisfies Record<AccountEvent['type'], z.ZodType>;

export const ACCOUNT_EVENT_TYPES = Object.keys(ACCOUNT_EVENT_SCHEMAS) as AccountEvent['type'][];

export const accountStream = (accountId: string) => `account-${accountId}`;
export const ACCOUNT_STREAM_PREFIX = 'account-';

const personSubject = (_data: Record<string, unknown>, stream: string) => customerSubject(stream.slice(ACCOUNT_STREAM_PREFIX.length));
const emailOfPerson = (data: Record<string, unknown>) => ({ email: (data.person as { email: string }).email });
/** The person of an account event, sealed under that person's key. */
export const ACCOUNT_PERSONAL_DATA = {
  AccountInvited: { erasedAs: { person: { email: ERASED } }, subject: personSubject, lookups: emailOfPerson },
  AccountRegistered: { erasedAs: { person: { email: ERASED } }, subject: personSubject, lookups: emailOfPerson },
  CustomerRegistered: { erasedAs: { person: { email: ERASED } }, subject: personSubject, lookups: emailOfPerson },
  // Not a lookup until confirmed: the account is still found by its old address meanwhile (erasure, caps).
  EmailChangeRequested: { erasedAs: { person: { email: ERASED } }, subject: personSubject },
  EmailChanged: { erasedAs: { person: { email: ERASED } }, subject: personSubject, lookups: emailOfPerson },
} satisfies PersonalDataDeclarations;
