import { randomUUID } from 'node:crypto';
import type { CommandContext } from '../../src/core/decider';
import { DomainError } from '../../src/core/errors';
import type { Credentials } from '../../src/identity/credentials';
import { hashPassword, passwordProblem } from '../../src/identity/passwords';
import { refuseWhenOver, type Limits } from '../../src/limits';
import { ACCOUNT_CHECK_REQUIRED, EMAIL_CHANGE_SENT_TEXT, REGISTERED_TEXT, RESET_SENT_TEXT } from '../../src/shared/account-texts';
import type { Services } from '../../src/services';
import { accountDecider, ALREADY_REGISTERED } from './decider';
import { accountStream } from './events';
import { accountLinkToken, changeEmailPath, readAccountLinkToken, resetPasswordPath, verifyEmailPath, type LinkPurpose } from './invitation-link';
import { alreadyRegisteredMail, emailChangedMail, emailChangeMail, emailTakenMail, resetMail, staffResetMail, verificationMail } from './customer-mails';
import { EMAIL_CHANGE_VALID_MS, maySignUp, RESET_VALID_MS, VERIFICATION_VALID_MS } from './rules';
import { initialAccountState, type AccountState } from './state';

export const INVALID_VERIFY_LINK = 'This link is not valid. Check that you copied all of it from the mail.';
export const SIGNED_IN_ALREADY = 'You are signed in: sign out first to open another account.';
export const WRONG_PASSWORD = 'Your current password is not right';
export const EMAIL_TAKEN = 'This address has an account of its own: nothing was changed.';

/** The human check's verifier (src/human-check): true once for a solved, unexpired challenge. */
export interface HumanCheckVerifier {
  verify(payload: unknown): Promise<boolean>;
}

export interface CustomerDeps {
  services: Services;
  credentials: Credentials;
  limits: Limits;
  humanCheck: HumanCheckVerifier;
  linkKey: string;
  origin: () => string;
  queueMail: (mail: { mailId: string; to: string; subject: string; text: string }) => Promise<void>;
  siteName: () => Promise<string>;
  /** Runs a sign-up's work after its answer (and logs a failure: the person may sign up again). */
  afterAnswer: (work: () => Promise<void>) => void;
  /** Ends every session and live stream of an account at once. */
  endSessions: (accountId: string) => Promise<void>;
  /** What the shop holds about the account's orders and messages, for the customer's own download (issue 33). */
  recordsOf: (accountId: string, email: string) => Promise<Record<string, unknown>>;
  /** The order module's joining of a guest's earlier orders with this (just confirmed) address to the account. */
  joinGuestOrders: (accountId: string, email: string, context: CommandContext) => Promise<unknown>;
  /** The privacy module's erasure of everyone found by this address (the account, its orders, its messages). */
  erase: (email: string, context: CommandContext) => Promise<void>;
}

/**
 * Customers' own accounts (issue 33): signing up, confirming the address. Every answer to whoever asks is the
 * same whether the address has an account or not (the password is hashed either way); what differs goes by mail
 * to the address's owner.
 */
export function createCustomerAccounts(deps: CustomerDeps) {
  const { services, credentials, limits } = deps;
  const load = (accountId: string) => services.commands.load(accountStream(accountId), accountDecider);

  /** Sign-ups from one address: a few freely, then each with a solved human check, and never past the cap. */
  async function gate(address: string, proof: unknown, now: Date) {
    refuseWhenOver(await limits.take('account_requests_cap', address, now), 'account requests');
    if ((await limits.take('account_requests', address, now)).allowed) return;
    if (!(await deps.humanCheck.verify(proof))) throw new DomainError('forbidden', ACCOUNT_CHECK_REQUIRED);
  }

  /** A mail about an account, unless this address was sent too many lately (the answer is the same either way). */
  async function mail(to: string, message: { subject: string; text: string }, now: Date) {
    if (!(await limits.take('account_mails_per_email', to.trim().toLowerCase(), now)).allowed) return;
    await deps.queueMail({ mailId: randomUUID(), to, ...message });
  }

  /** To the address as the account holds it, whatever case it was typed in. */
  async function mailOwner(state: AccountState, now: Date) {
    if (state.status === 'none') return;
    const waiting = state.status === 'unverified' ? (state.account.verification?.expiresAt ?? null) : null;
    await mail(state.account.email, alreadyRegisteredMail({ signInLink: `${deps.origin()}/login`, siteName: await deps.siteName(), waitingUntil: waiting }), now);
  }

  const linkTo = (purpose: LinkPurpose, path: (token: string) => string, accountId: string, id: string) =>
    deps.origin() + path(accountLinkToken(deps.linkKey, purpose, accountId, id));
  /** The account a mailed link names, signed for this purpose; anything else is one plain refusal. */
  const linked = async (purpose: LinkPurpose, token: string) => {
    const ids = readAccountLinkToken(deps.linkKey, purpose, token);
    const state = ids ? await load(ids.accountId) : initialAccountState;
    if (!ids || state.status === 'none') throw new DomainError('not_found', INVALID_VERIFY_LINK);
    return { ...ids, state };
  };
  const handle = async (accountId: string, command: Parameters<typeof accountDecider.decide>[0], context: CommandContext) => {
    const result = await services.commands.handle(accountStream(accountId), accountDecider, command, { ...context, actor: accountId });
    await services.readModels.waitFor('accounts', result.position);
    return result;
  };

  /** A new account and the link to confirm it; or, for an address that has an account, a mail to its owner. */
  async function signUp(email: string, hash: string, context: { now: string; correlationId: string }): Promise<void> {
    const now = new Date(context.now);
    const known = await credentials.accountIdOf(email);
    const state = known ? await load(known) : initialAccountState;
    if (!maySignUp(state, context.now)) return mailOwner(state, now);
    const accountId = known ?? (await credentials.reserve(email)).accountId;
    const verificationId = randomUUID();
    const expiresAt = new Date(now.getTime() + VERIFICATION_VALID_MS).toISOString();
    const command = { type: 'RegisterCustomer' as const, email, verificationId, expiresAt, now: context.now };
    try {
      // The event first: a sign-up racing this one for the address gets the conflict, never this password.
      await services.commands.handle(accountStream(accountId), accountDecider, command, { ...context, actor: accountId });
    } catch (error) {
      if (!(error instanceof DomainError && error.message === ALREADY_REGISTERED)) throw error;
      return mailOwner(await load(accountId), now);
    }
    await credentials.setPasswordHash(accountId, hash, now);
    const link = linkTo('verify-email', verifyEmailPath, accountId, verificationId);
    await mail(email, verificationMail({ link, expiresAt, siteName: await deps.siteName() }), now);
  }

  return {
    /**
     * A sign-up answers as soon as the password is hashed, the same work whatever the address: what differs (a new
     * account and its link, or a mail to the address's owner) is done after the answer (`afterAnswer`), so neither
     * the words nor the time of the answer tell whether the address has an account.
     */
    async register(
      input: { email: string; password: string; humanCheck?: unknown },
      request: { address: string; signedIn: boolean; /** Resolves once the answer has gone: the rest waits for it. */ answered: Promise<void> },
      context: CommandContext,
    ) {
      if (request.signedIn) throw new DomainError('forbidden', SIGNED_IN_ALREADY);
      const problem = passwordProblem(input.password, input.email);
      if (problem) throw new DomainError('invalid', problem);
      await gate(request.address, input.humanCheck, new Date(context.now));
      const hash = await hashPassword(input.password);
      // Started only once the answer has gone, so that even its sending does not share the time with this work.
      // As the account itself, and read now: the request's guest id is not to be touched after its answer.
      const asAccount = { now: context.now, correlationId: context.correlationId };
      deps.afterAnswer(async () => {
        await request.answered;
        await signUp(input.email, hash, asAccount);
      });
      return { message: REGISTERED_TEXT };
    },

    /** Follows the mailed link: the address is confirmed, and the customer may sign in. */
    async verifyEmail(token: string, context: CommandContext) {
      const { accountId, id, state } = await linked('verify-email', token);
      await handle(accountId, { type: 'VerifyEmail', verificationId: id, now: context.now }, context);
      // The address is now known to be the person's: their guest orders with it are theirs.
      await deps.joinGuestOrders(accountId, state.account.email, { ...context, actor: accountId });
      return { accountId };
    },

    /**
     * A forgotten password: a customer's account gets a link (30 minutes, once) by mail; a staff login's address a
     * mail saying whom to ask; an unknown address nothing. The answer is the same for all three.
     */
    async forgotPassword(input: { email: string; humanCheck?: unknown }, request: { address: string }, context: CommandContext) {
      const now = new Date(context.now);
      await gate(request.address, input.humanCheck, now);
      const known = await credentials.accountIdOf(input.email);
      const state = known ? await load(known) : initialAccountState;
      if (!known || state.status === 'none' || state.status === 'disabled' || state.status === 'invited') return { message: RESET_SENT_TEXT };
      if (state.account.role !== 'customer') {
        await mail(state.account.email, staffResetMail({ siteName: await deps.siteName() }), now);
        return { message: RESET_SENT_TEXT };
      }
      const resetId = randomUUID();
      const expiresAt = new Date(now.getTime() + RESET_VALID_MS).toISOString();
      await handle(known, { type: 'RequestPasswordReset', resetId, expiresAt }, context);
      const link = linkTo('reset-password', resetPasswordPath, known, resetId);
      await mail(state.account.email, resetMail({ link, expiresAt, siteName: await deps.siteName() }), now);
      return { message: RESET_SENT_TEXT };
    },

    /** Sets the new password with the mailed link, once; every session of the account ends. */
    async resetPassword(token: string, password: string, context: CommandContext) {
      const { accountId, id, state } = await linked('reset-password', token);
      const command = { type: 'ResetPassword' as const, resetId: id, now: context.now };
      // The decider's checks first, so a used or expired link changes no password; then the secret, then the event.
      accountDecider.decide(command, state);
      const problem = passwordProblem(password, state.account.email);
      if (problem) throw new DomainError('invalid', problem);
      await credentials.setPassword(accountId, password, new Date(context.now));
      await handle(accountId, command, context);
      await deps.endSessions(accountId);
      // The link came to the address: an account not yet confirmed is now, and its guest orders join it.
      await deps.joinGuestOrders(accountId, state.account.email, { ...context, actor: accountId });
    },

    /**
     * A signed-in customer moves their account to another address, with their password: a link goes to the new
     * address, or, when it has an account already, a mail saying so (the answer is the same).
     */
    async requestEmailChange(input: { email: string; password: string }, context: CommandContext) {
      const accountId = context.actor;
      const now = new Date(context.now);
      if (!(await credentials.passwordMatches(accountId, input.password))) throw new DomainError('forbidden', WRONG_PASSWORD);
      const changeId = randomUUID();
      const expiresAt = new Date(now.getTime() + EMAIL_CHANGE_VALID_MS).toISOString();
      const command = { type: 'RequestEmailChange' as const, changeId, email: input.email, expiresAt };
      accountDecider.decide(command, await load(accountId));
      if (await credentials.accountIdOf(input.email)) {
        await mail(input.email, emailTakenMail({ siteName: await deps.siteName() }), now);
        return { message: EMAIL_CHANGE_SENT_TEXT };
      }
      await handle(accountId, command, context);
      await mail(input.email, emailChangeMail({ link: linkTo('change-email', changeEmailPath, accountId, changeId), expiresAt, siteName: await deps.siteName() }), now);
      return { message: EMAIL_CHANGE_SENT_TEXT };
    },

    /** Everything the shop holds about the signed-in customer, opened for them alone (after a step-up). */
    async ownData(context: CommandContext) {
      const state = await load(context.actor);
      if (state.status === 'none') throw new DomainError('unauthenticated', 'Please sign in');
      const { email, role } = state.account;
      return {
        exportedAt: context.now,
        account: { id: context.actor, email, role, status: state.status },
        ...(await deps.recordsOf(context.actor, email)),
      };
    },

    /**
     * The customer closes their account and is forgotten: the login is disabled, then the privacy module's erasure
     * destroys the keys of the account and its orders (their money, dishes and times stay for the books) and
     * ends every session.
     */
    async closeOwnAccount(context: CommandContext) {
      const accountId = context.actor;
      const state = await load(accountId);
      if (state.status === 'none') throw new DomainError('unauthenticated', 'Please sign in');
      await handle(accountId, { type: 'CloseOwnAccount' }, context);
      await deps.erase(state.account.email, context);
      await deps.endSessions(accountId);
    },

    /** The new address's link: the account is known by it from now on, and the old address is told. */
    async confirmEmailChange(token: string, context: CommandContext) {
      const { accountId, id, state } = await linked('change-email', token);
      const command = { type: 'ConfirmEmailChange' as const, changeId: id, now: context.now };
      const [changed] = accountDecider.decide(command, state);
      const newEmail = (changed as { data: { person: { email: string } } }).data.person.email;
      if (!(await credentials.changeEmail(accountId, newEmail))) throw new DomainError('conflict', EMAIL_TAKEN);
      await handle(accountId, command, context);
      await deps.joinGuestOrders(accountId, newEmail, { ...context, actor: accountId });
      await mail(state.account.email, emailChangedMail({ newEmail, siteName: await deps.siteName() }), new Date(context.now));
    },
  };
}

export type CustomerAccounts = ReturnType<typeof createCustomerAccounts>;
