import type { Role } from '../../src/identity/roles';
import type { AccountEvent } from './events';

export interface AccountFacts {
  email: string;
  role: Role;
  passwordSet: boolean;
  /** The admin made at first start with a generated password, until they choose their own. */
  mustChangePassword: boolean;
  totp: boolean;
  /** The one link that may still set the password; null once used (or when there never was one). */
  invitation: { id: string; expiresAt: string } | null;
  /** A customer's address waiting for its mailed link (issue 33); absent on logins from before customers signed up. */
  verification?: { id: string; expiresAt: string } | null;
  /** The one forgotten-password link that may still set a password (issue 33). */
  reset?: { id: string; expiresAt: string } | null;
  /** The address a customer asked to move to, until its link is followed (issue 33). */
  emailChange?: { id: string; expiresAt: string; email: string } | null;
}

export type AccountState =
  | { status: 'none' }
  | { status: 'invited'; account: AccountFacts }
  /** A customer who signed up and has not yet followed the link mailed to them: they cannot sign in yet. */
  | { status: 'unverified'; account: AccountFacts }
  | { status: 'active'; account: AccountFacts }
  | { status: 'disabled'; account: AccountFacts };

export const initialAccountState: AccountState = { status: 'none' };

/** An enabled account goes back to where it was: waiting for its password, or active. */
const enabledStatus = (account: AccountFacts) => (account.passwordSet ? 'active' : 'invited');

export function evolveAccount(state: AccountState, event: AccountEvent): AccountState {
  switch (event.type) {
    case 'AccountInvited': {
      const { role, expiresAt, invitationId, person } = event.data;
      const invitation = { id: invitationId, expiresAt };
      const account: AccountFacts =
        state.status === 'none'
          ? { email: person.email, role, passwordSet: false, mustChangePassword: false, totp: false, invitation }
          : { ...state.account, email: person.email, role, invitation };
      return { status: 'invited', account };
    }
    case 'AccountRegistered': {
      const { role, mustChangePassword, person } = event.data;
      return { status: 'active', account: { email: person.email, role, passwordSet: true, mustChangePassword, totp: false, invitation: null } };
    }
    case 'PasswordSet':
      if (state.status === 'none') return state;
      return { status: state.status === 'disabled' ? 'disabled' : 'active', account: { ...state.account, passwordSet: true, mustChangePassword: false, invitation: null } };
    case 'RoleChanged':
      return state.status === 'none' ? state : { ...state, account: { ...state.account, role: event.data.to } };
    case 'AccountDisabled':
      return state.status === 'none' ? state : { status: 'disabled', account: state.account };
    case 'AccountEnabled':
      return state.status === 'none' ? state : { status: enabledStatus(state.account), account: state.account };
    case 'TotpTurnedOn':
      return state.status === 'none' ? state : { ...state, account: { ...state.account, totp: true } };
    case 'TotpTurnedOff':
      return state.status === 'none' ? state : { ...state, account: { ...state.account, totp: false } };
    case 'LoggedIn':
      return state;
    case 'CustomerRegistered': {
      const { verificationId, expiresAt, person } = event.data;
      const verification = { id: verificationId, expiresAt };
      return { status: 'unverified', account: { email: person.email, role: 'customer', passwordSet: true, mustChangePassword: false, totp: false, invitation: null, verification } };
    }
    case 'EmailVerified':
      if (state.status === 'none') return state;
      return { status: state.status === 'unverified' ? 'active' : state.status, account: { ...state.account, verification: null } };
    case 'PasswordResetRequested':
      return state.status === 'none' ? state : { ...state, account: { ...state.account, reset: { id: event.data.resetId, expiresAt: event.data.expiresAt } } } as AccountState;
    case 'PasswordReset':
      // The link came to the address, so it is the person's: a sign-up not yet confirmed is confirmed by it.
      if (state.status === 'none') return state;
      return {
        status: state.status === 'unverified' ? 'active' : state.status,
        account: { ...state.account, passwordSet: true, reset: null, verification: null },
      } as AccountState;
    case 'EmailChangeRequested': {
      if (state.status === 'none') return state;
      const { changeId, expiresAt, person } = event.data;
      return { ...state, account: { ...state.account, emailChange: { id: changeId, expiresAt, email: person.email } } } as AccountState;
    }
    case 'EmailChanged':
      if (state.status === 'none') return state;
      return { ...state, account: { ...state.account, email: event.data.person.email, emailChange: null } } as AccountState;
    default: {
      const unknown: never = event;
      return unknown;
    }
  }
}
