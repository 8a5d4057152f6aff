import {
  accountDecider,
  ALREADY_REGISTERED,
  CHANGE_LINK_EXPIRED,
  CHANGE_LINK_USED,
  CUSTOMERS_ONLY,
  RESET_LINK_EXPIRED,
  RESET_LINK_REPLACED,
  RESET_LINK_USED,
  SAME_EMAIL,
  LINK_WITHDRAWN, VERIFY_LINK_EXPIRED, VERIFY_LINK_REPLACED, VERIFY_LINK_USED,
  type AccountEvent,
} from '../../../modules/account';
import { specFor } from '../../support/given-when-then';

/** Issue 33: customers sign themselves up and confirm their address by a mailed link valid 24 hours. */
const spec = specFor(accountDecider);
const person = { email: 'kim@example.com' };
const first = '00000000-0000-4000-8000-000000000001';
const second = '00000000-0000-4000-8000-000000000002';
const expiresAt = '2026-11-24T15:00:00.000Z';
const before = '2026-11-24T14:59:59.999Z';
const signedUp = (verificationId = first, until = expiresAt): AccountEvent => ({ type: 'CustomerRegistered', data: { verificationId, expiresAt: until, person } });
const verified = (verificationId = first): AccountEvent => ({ type: 'EmailVerified', data: { verificationId } });
const register = (now: string, verificationId = second) =>
  ({ type: 'RegisterCustomer' as const, email: person.email, verificationId, expiresAt: '2026-11-25T16:00:00.000Z', now });
const verify = (now: string, verificationId = first) => ({ type: 'VerifyEmail' as const, verificationId, now });

describe('customer accounts (account decider)', () => {
  describe('RegisterCustomer', () => {
    it('opens an unverified customer account for a new address', () => {
      spec([]).when(register(before)).then([signedUp(second, '2026-11-25T16:00:00.000Z')]);
    });

    it('refuses an address that has an account, confirmed or waiting, staff or customer', () => {
      spec([signedUp()]).when(register(before)).thenFails(ALREADY_REGISTERED, 'conflict');
      spec([signedUp(), verified()]).when(register('2026-12-01T00:00:00.000Z')).thenFails(ALREADY_REGISTERED, 'conflict');
      spec([{ type: 'AccountRegistered', data: { role: 'staff', mustChangePassword: false, person } }]).when(register(before)).thenFails(ALREADY_REGISTERED, 'conflict');
      spec([signedUp(), verified(), { type: 'AccountDisabled', data: {} }]).when(register(before)).thenFails(ALREADY_REGISTERED, 'conflict');
    });

    it('starts afresh an address whose sign-up was never confirmed and whose link ran out', () => {
      spec([signedUp()]).when(register(expiresAt)).then([signedUp(second, '2026-11-25T16:00:00.000Z')]);
    });
  });

  describe('VerifyEmail', () => {
    it('confirms the address with the latest link before it expires', () => {
      spec([signedUp()]).when(verify(before)).then([verified()]);
    });

    it('refuses an expired, used, replaced or withdrawn link', () => {
      spec([signedUp()]).when(verify(expiresAt)).thenFails(VERIFY_LINK_EXPIRED, 'conflict');
      spec([signedUp(), verified()]).when(verify(before)).thenFails(VERIFY_LINK_USED, 'conflict');
      spec([signedUp(), signedUp(second)]).when(verify(before)).thenFails(VERIFY_LINK_REPLACED, 'conflict');
      spec([signedUp(), { type: 'AccountDisabled', data: {} }]).when(verify(before)).thenFails(LINK_WITHDRAWN, 'forbidden');
    });

    it('has nothing to confirm on a staff login', () => {
      spec([{ type: 'AccountRegistered', data: { role: 'staff', mustChangePassword: false, person } }]).when(verify(before)).thenFails(VERIFY_LINK_USED, 'conflict');
    });
  });

  describe('forgotten password', () => {
    const resetUntil = '2026-11-23T15:30:00.000Z';
    const asked = (resetId = first): AccountEvent => ({ type: 'PasswordResetRequested', data: { resetId, expiresAt: resetUntil } });
    const reset = (now: string, resetId = first) => ({ type: 'ResetPassword' as const, resetId, now });

    it("gives a customer's account a link, and refuses a staff login's or a disabled one's", () => {
      spec([signedUp(), verified()]).when({ type: 'RequestPasswordReset', resetId: first, expiresAt: resetUntil }).then([asked()]);
      spec([{ type: 'AccountRegistered', data: { role: 'staff', mustChangePassword: false, person } }])
        .when({ type: 'RequestPasswordReset', resetId: first, expiresAt: resetUntil })
        .thenFails(CUSTOMERS_ONLY, 'forbidden');
      spec([signedUp(), verified(), { type: 'AccountDisabled', data: {} }])
        .when({ type: 'RequestPasswordReset', resetId: first, expiresAt: resetUntil })
        .thenFails(LINK_WITHDRAWN, 'forbidden');
    });

    it('sets the password once with the latest link within 30 minutes, and confirms an address not yet confirmed', () => {
      spec([signedUp(), verified(), asked()]).when(reset('2026-11-23T15:29:59.999Z')).then([{ type: 'PasswordReset', data: { resetId: first } }]);
      spec([signedUp(), asked()]).when(reset('2026-11-23T15:29:59.999Z')).then([{ type: 'PasswordReset', data: { resetId: first } }]);
    });

    it('refuses an expired, used or replaced link', () => {
      spec([signedUp(), verified(), asked()]).when(reset(resetUntil)).thenFails(RESET_LINK_EXPIRED, 'conflict');
      spec([signedUp(), verified(), asked(), { type: 'PasswordReset', data: { resetId: first } }]).when(reset('2026-11-23T15:00:00.000Z')).thenFails(RESET_LINK_USED, 'conflict');
      spec([signedUp(), verified(), asked(), asked(second)]).when(reset('2026-11-23T15:00:00.000Z')).thenFails(RESET_LINK_REPLACED, 'conflict');
    });
  });

  describe('change of email', () => {
    const moved = { email: 'kim.new@example.com' };
    const ask = (email = moved.email) => ({ type: 'RequestEmailChange' as const, changeId: second, email, expiresAt });
    const asked: AccountEvent = { type: 'EmailChangeRequested', data: { changeId: second, expiresAt, person: moved } };
    const confirm = (now: string, changeId = second) => ({ type: 'ConfirmEmailChange' as const, changeId, now });

    it('asks the new address of an active customer, not the same one again', () => {
      spec([signedUp(), verified()]).when(ask()).then([asked]);
      spec([signedUp(), verified()]).when(ask('KIM@example.com')).thenFails(SAME_EMAIL, 'invalid');
      spec([{ type: 'AccountRegistered', data: { role: 'manager', mustChangePassword: false, person } }]).when(ask()).thenFails(CUSTOMERS_ONLY, 'forbidden');
    });

    it('moves the account to the new address with its link, once, in time', () => {
      spec([signedUp(), verified(), asked]).when(confirm(before)).then([{ type: 'EmailChanged', data: { changeId: second, person: moved } }]);
      spec([signedUp(), verified(), asked]).when(confirm(expiresAt)).thenFails(CHANGE_LINK_EXPIRED, 'conflict');
      spec([signedUp(), verified(), asked, { type: 'EmailChanged', data: { changeId: second, person: moved } }]).when(confirm(before)).thenFails(CHANGE_LINK_USED, 'conflict');
      spec([signedUp(), verified(), asked]).when(confirm(before, first)).thenFails(CHANGE_LINK_USED, 'conflict');
    });
  });

  describe('CloseOwnAccount', () => {
    it("closes a customer's own account once, and never a staff login", () => {
      spec([signedUp(), verified()]).when({ type: 'CloseOwnAccount' }).then([{ type: 'AccountDisabled', data: {} }]);
      spec([signedUp(), verified(), { type: 'AccountDisabled', data: {} }]).when({ type: 'CloseOwnAccount' }).then([]);
      spec([{ type: 'AccountRegistered', data: { role: 'admin', mustChangePassword: false, person } }]).when({ type: 'CloseOwnAccount' }).thenFails(CUSTOMERS_ONLY, 'forbidden');
    });
  });
});
