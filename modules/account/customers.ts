import { randomUUID } from 'node:crypto';
import type { CommandContext } from '../../src/core/decider';
import { DomainError } from '../../src/core/errors';
import type { Credentials } from '../../src/identity/credentials';
import { hashPassword, passwordProblem } from '../../src/identity/passwords';
import { refuseWhenOver, type Limits } from '../../src/limits';
import { ACCOUNT_CHECK_REQUIRED, REGISTERED_TEXT } from '../../src/shared/account-texts';
import type { Services } from '../../src/services';
import { accountDecider, ALREADY_REGISTERED } from './decider';
import { accountStream } from './events';
import { readAccountLinkToken, accountLinkToken, verifyEmailPath } from './invitation-link';
import { alreadyRegisteredMail, verificationMail } from './customer-mails';
import { maySignUp, VERIFICATION_VALID_MS } from './rules';
import { initialAccountState, type AccountState } from './state';

export const INVALID_VERIFY_LINK = 'This link is not valid. Check that you copied all of it from the mail.';
export const SIGNED_IN_ALREADY = 'You are signed in: sign out first to open another account.';

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
    refuseWhenOver(limits.take('account_requests_cap', address, now), 'account requests');
    if (limits.take('account_requests', address, now).allowed) return;
    if (!(await deps.humanCheck.verify(proof))) throw new DomainError('forbidden', ACCOUNT_CHECK_REQUIRED);
  }

  /** A mail about an account, unless this address was sent too many lately (the answer is the same either way). */
  async function mail(to: string, message: { subject: string; text: string }, now: Date) {
    if (!limits.take('account_mails_per_email', to.trim().toLowerCase(), now).allowed) return;
    await deps.queueMail({ mailId: randomUUID(), to, ...message });
  }

  /** To the address as the account holds it, whatever case it was typed in. */
  async function mailOwner(state: AccountState, now: Date) {
    if (state.status === 'none') return;
    const waiting = state.status === 'unverified' ? (state.account.verification?.expiresAt ?? null) : null;
    await mail(state.account.email, alreadyRegisteredMail({ signInLink: `${deps.origin()}/login`, siteName: await deps.siteName(), waitingUntil: waiting }), now);
  }

  return {
    async register(input: { email: string; password: string; humanCheck?: unknown }, request: { address: string; signedIn: boolean }, context: CommandContext) {
      if (request.signedIn) throw new DomainError('forbidden', SIGNED_IN_ALREADY);
      const problem = passwordProblem(input.password, input.email);
      if (problem) throw new DomainError('invalid', problem);
      const now = new Date(context.now);
      await gate(request.address, input.humanCheck, now);
      const known = await credentials.accountIdOf(input.email);
      const state = known ? await load(known) : initialAccountState;
      if (!maySignUp(state, context.now)) {
        // The same work as a sign-up (the hash), then a mail to the owner instead of an account.
        await hashPassword(input.password);
        await mailOwner(state, now);
        return { message: REGISTERED_TEXT };
      }
      const accountId = known ?? (await credentials.reserve(input.email)).accountId;
      const verificationId = randomUUID();
      const expiresAt = new Date(now.getTime() + VERIFICATION_VALID_MS).toISOString();
      const command = { type: 'RegisterCustomer' as const, email: input.email, verificationId, expiresAt, now: context.now };
      try {
        // The event first: a sign-up racing this one for the address gets the conflict, never this password.
        await services.commands.handle(accountStream(accountId), accountDecider, command, { ...context, actor: accountId });
      } catch (error) {
        if (!(error instanceof DomainError && error.message === ALREADY_REGISTERED)) throw error;
        await hashPassword(input.password);
        await mailOwner(await load(accountId), now);
        return { message: REGISTERED_TEXT };
      }
      await credentials.setPassword(accountId, input.password, now);
      const link = deps.origin() + verifyEmailPath(accountLinkToken(deps.linkKey, 'verify-email', accountId, verificationId));
      await mail(input.email, verificationMail({ link, expiresAt, siteName: await deps.siteName() }), now);
      return { message: REGISTERED_TEXT };
    },

    /** Follows the mailed link: the address is confirmed, and the customer may sign in. */
    async verifyEmail(token: string, context: CommandContext) {
      const ids = readAccountLinkToken(deps.linkKey, 'verify-email', token);
      if (!ids) throw new DomainError('not_found', INVALID_VERIFY_LINK);
      const state = await load(ids.accountId);
      if (state.status === 'none') throw new DomainError('not_found', INVALID_VERIFY_LINK);
      const result = await services.commands.handle(
        accountStream(ids.accountId),
        accountDecider,
        { type: 'VerifyEmail', verificationId: ids.id, now: context.now },
        { ...context, actor: ids.accountId },
      );
      await services.readModels.waitFor('accounts', result.position);
      return { accountId: ids.accountId };
    },
  };
}

export type CustomerAccounts = ReturnType<typeof createCustomerAccounts>;
