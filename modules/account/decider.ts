import { DomainError } from '../../src/core/errors';
import type { Decider } from '../../src/core/decider';
import type { AccountCommand, Actor } from './commands';
import type { AccountEvent } from './events';
import { evolveAccount, initialAccountState, type AccountFacts, type AccountState } from './state';
import { mayManage, maySignUp, mayUseTotp, removesLastAdmin, STAFF_ROLES } from './rules';

export const NOT_ALLOWED = 'You are not allowed to do that to this login';
export const LAST_ADMIN = 'This is the last active admin: make someone else an admin first';
export const LINK_USED = 'This link has already been used. Ask for a new invitation if you still need one.';
export const LINK_EXPIRED = 'This link has expired. Ask for a new invitation.';
export const LINK_REPLACED = 'This link was replaced by a newer invitation: use the latest email.';
export const LINK_WITHDRAWN = 'This invitation was withdrawn.';
export const ALREADY_HAS_LOGIN = 'This person already has a login';
/** Never shown to whoever signs up: the handler mails the address's owner instead and answers as for a new one. */
export const ALREADY_REGISTERED = 'This address already has an account';
export const VERIFY_LINK_USED = 'This address is already confirmed: you can sign in.';
export const VERIFY_LINK_EXPIRED = 'This link has expired. Sign up again to get a new one.';
export const VERIFY_LINK_REPLACED = 'This link was replaced by a newer one: use the latest email.';
export const RESET_LINK_USED = 'This link has already been used. Ask for a new one if you still need it.';
export const RESET_LINK_EXPIRED = 'This link has expired (it works for 30 minutes). Ask for a new one.';
export const RESET_LINK_REPLACED = 'This link was replaced by a newer one: use the latest email.';
export const CUSTOMERS_ONLY = 'This is for customer accounts: staff logins are looked after by your admin.';
export const SAME_EMAIL = 'This is already your email address';
export const CHANGE_LINK_USED = 'This link has already been used, or the change was replaced by a newer one.';
export const CHANGE_LINK_EXPIRED = 'This link has expired. Ask for the change again.';

function existing(state: AccountState): Exclude<AccountState, { status: 'none' }> {
  if (state.status === 'none') throw new DomainError('not_found', 'No such login');
  return state;
}

function assertMayManage(actor: Actor, role: AccountFacts['role']): void {
  if (!mayManage(actor.role, role)) throw new DomainError('forbidden', NOT_ALLOWED);
}

function assertStaffRole(role: AccountFacts['role']): void {
  if (!(STAFF_ROLES as readonly string[]).includes(role)) throw new DomainError('invalid', 'A login here is for staff, a manager or an admin');
}

function invite(command: Extract<AccountCommand, { type: 'InviteAccount' }>, state: AccountState): AccountEvent[] {
  assertStaffRole(command.role);
  assertMayManage(command.actor, command.role);
  if (state.status === 'active' || state.status === 'disabled') throw new DomainError('conflict', ALREADY_HAS_LOGIN);
  // Re-inviting replaces the link, and may not be used to reach someone the actor could not invite.
  if (state.status === 'invited') assertMayManage(command.actor, state.account.role);
  const { invitationId, role, expiresAt, email } = command;
  return [{ type: 'AccountInvited', data: { invitationId, role, expiresAt, person: { email } } }];
}

function acceptInvitation(command: Extract<AccountCommand, { type: 'AcceptInvitation' }>, state: AccountState): AccountEvent[] {
  const { account, status } = existing(state);
  if (status === 'disabled') throw new DomainError('forbidden', LINK_WITHDRAWN);
  if (status === 'active' || !account.invitation) throw new DomainError('conflict', LINK_USED);
  if (account.invitation.id !== command.invitationId) throw new DomainError('conflict', LINK_REPLACED);
  if (Date.parse(command.now) >= Date.parse(account.invitation.expiresAt)) throw new DomainError('conflict', LINK_EXPIRED);
  return [{ type: 'PasswordSet', data: { invitationId: command.invitationId } }];
}

function changeRole(command: Extract<AccountCommand, { type: 'ChangeRole' }>, state: AccountState): AccountEvent[] {
  const { account, status } = existing(state);
  assertStaffRole(command.role);
  assertMayManage(command.actor, account.role);
  assertMayManage(command.actor, command.role);
  if (account.role === command.role) return [];
  if (command.role !== 'admin' && removesLastAdmin({ role: account.role, active: status !== 'disabled' }, command.activeAdmins)) {
    throw new DomainError('conflict', LAST_ADMIN);
  }
  return [{ type: 'RoleChanged', data: { from: account.role, to: command.role } }];
}

function disable(command: Extract<AccountCommand, { type: 'DisableAccount' }>, state: AccountState): AccountEvent[] {
  const { account, status } = existing(state);
  assertMayManage(command.actor, account.role);
  if (status === 'disabled') return [];
  if (command.actor.id === command.accountId) throw new DomainError('conflict', 'You cannot disable your own login');
  if (removesLastAdmin({ role: account.role, active: true }, command.activeAdmins)) throw new DomainError('conflict', LAST_ADMIN);
  return [{ type: 'AccountDisabled', data: {} }];
}

function enable(command: Extract<AccountCommand, { type: 'EnableAccount' }>, state: AccountState): AccountEvent[] {
  const { account, status } = existing(state);
  assertMayManage(command.actor, account.role);
  return status === 'disabled' ? [{ type: 'AccountEnabled', data: {} }] : [];
}

function turnOnTotp(state: AccountState): AccountEvent[] {
  const { account } = existing(state);
  if (!mayUseTotp(account.role)) throw new DomainError('forbidden', 'One-time codes are for managers and admins');
  return account.totp ? [] : [{ type: 'TotpTurnedOn', data: {} }];
}

function turnOffTotp(command: Extract<AccountCommand, { type: 'TurnOffTotp' }>, state: AccountState): AccountEvent[] {
  const { account } = existing(state);
  if (command.by === 'admin' && command.actor?.role !== 'admin') throw new DomainError('forbidden', NOT_ALLOWED);
  return account.totp ? [{ type: 'TotpTurnedOff', data: { by: command.by } }] : [];
}

function registerCustomer(command: Extract<AccountCommand, { type: 'RegisterCustomer' }>, state: AccountState): AccountEvent[] {
  if (!maySignUp(state, command.now)) throw new DomainError('conflict', ALREADY_REGISTERED);
  const { verificationId, expiresAt, email } = command;
  return [{ type: 'CustomerRegistered', data: { verificationId, expiresAt, person: { email } } }];
}

function verifyEmail(command: Extract<AccountCommand, { type: 'VerifyEmail' }>, state: AccountState): AccountEvent[] {
  const { account, status } = existing(state);
  if (status === 'disabled') throw new DomainError('forbidden', LINK_WITHDRAWN);
  const verification = account.verification;
  if (!verification) throw new DomainError('conflict', VERIFY_LINK_USED);
  if (verification.id !== command.verificationId) throw new DomainError('conflict', VERIFY_LINK_REPLACED);
  if (Date.parse(command.now) >= Date.parse(verification.expiresAt)) throw new DomainError('conflict', VERIFY_LINK_EXPIRED);
  return [{ type: 'EmailVerified', data: { verificationId: command.verificationId } }];
}

/** The forgotten-password link is for customers' accounts that are not disabled. */
function requestReset(command: Extract<AccountCommand, { type: 'RequestPasswordReset' }>, state: AccountState): AccountEvent[] {
  const { account, status } = existing(state);
  if (account.role !== 'customer') throw new DomainError('forbidden', CUSTOMERS_ONLY);
  if (status === 'disabled') throw new DomainError('forbidden', LINK_WITHDRAWN);
  return [{ type: 'PasswordResetRequested', data: { resetId: command.resetId, expiresAt: command.expiresAt } }];
}

function resetPassword(command: Extract<AccountCommand, { type: 'ResetPassword' }>, state: AccountState): AccountEvent[] {
  const { account, status } = existing(state);
  if (status === 'disabled') throw new DomainError('forbidden', LINK_WITHDRAWN);
  const reset = account.reset;
  if (!reset) throw new DomainError('conflict', RESET_LINK_USED);
  if (reset.id !== command.resetId) throw new DomainError('conflict', RESET_LINK_REPLACED);
  if (Date.parse(command.now) >= Date.parse(reset.expiresAt)) throw new DomainError('conflict', RESET_LINK_EXPIRED);
  return [{ type: 'PasswordReset', data: { resetId: command.resetId } }];
}

function requestEmailChange(command: Extract<AccountCommand, { type: 'RequestEmailChange' }>, state: AccountState): AccountEvent[] {
  const { account, status } = existing(state);
  if (account.role !== 'customer') throw new DomainError('forbidden', CUSTOMERS_ONLY);
  if (status !== 'active') throw new DomainError('forbidden', NOT_ALLOWED);
  if (command.email.trim().toLowerCase() === account.email.trim().toLowerCase()) throw new DomainError('invalid', SAME_EMAIL);
  return [{ type: 'EmailChangeRequested', data: { changeId: command.changeId, expiresAt: command.expiresAt, person: { email: command.email } } }];
}

function confirmEmailChange(command: Extract<AccountCommand, { type: 'ConfirmEmailChange' }>, state: AccountState): AccountEvent[] {
  const { account, status } = existing(state);
  if (status === 'disabled') throw new DomainError('forbidden', LINK_WITHDRAWN);
  const change = account.emailChange;
  if (!change || change.id !== command.changeId) throw new DomainError('conflict', CHANGE_LINK_USED);
  if (Date.parse(command.now) >= Date.parse(change.expiresAt)) throw new DomainError('conflict', CHANGE_LINK_EXPIRED);
  return [{ type: 'EmailChanged', data: { changeId: change.id, person: { email: change.email } } }];
}

export function decideAccount(command: AccountCommand, state: AccountState): AccountEvent[] {
  switch (command.type) {
    case 'InviteAccount':
      return invite(command, state);
    case 'RegisterAccount':
      if (state.status !== 'none') return [];
      return [{ type: 'AccountRegistered', data: { role: command.role, mustChangePassword: command.mustChangePassword, person: { email: command.email } } }];
    case 'AcceptInvitation':
      return acceptInvitation(command, state);
    case 'ChangePassword':
      existing(state);
      return [{ type: 'PasswordSet', data: {} }];
    case 'ChangeRole':
      return changeRole(command, state);
    case 'DisableAccount':
      return disable(command, state);
    case 'EnableAccount':
      return enable(command, state);
    case 'TurnOnTotp':
      return turnOnTotp(state);
    case 'TurnOffTotp':
      return turnOffTotp(command, state);
    case 'RecordLogin':
      existing(state);
      return [{ type: 'LoggedIn', data: {} }];
    case 'RegisterCustomer':
      return registerCustomer(command, state);
    case 'VerifyEmail':
      return verifyEmail(command, state);
    case 'RequestPasswordReset':
      return requestReset(command, state);
    case 'ResetPassword':
      return resetPassword(command, state);
    case 'RequestEmailChange':
      return requestEmailChange(command, state);
    case 'ConfirmEmailChange':
      return confirmEmailChange(command, state);
    case 'CloseOwnAccount': {
      // A customer closes their own account before their data is erased (the erasure refuses an active login).
      const { account, status } = existing(state);
      if (account.role !== 'customer') throw new DomainError('forbidden', CUSTOMERS_ONLY);
      return status === 'disabled' ? [] : [{ type: 'AccountDisabled', data: {} }];
    }
    default: {
      const unknown: never = command;
      return unknown;
    }
  }
}

export const accountDecider: Decider<AccountCommand, AccountEvent, AccountState> = {
  initialState: initialAccountState,
  evolve: evolveAccount,
  decide: decideAccount,
};
