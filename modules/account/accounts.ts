import { randomUUID } from 'node:crypto';
import { DomainError } from '../../src/core/errors';
import type { CommandContext } from '../../src/core/decider';
import type { Credentials } from '../../src/identity/credentials';
import { passwordProblem } from '../../src/identity/passwords';
import type { Role } from '../../src/identity/roles';
import { generateTotpSecret, otpauthUri } from '../../src/identity/totp';
import { refuseWhenOver, type Limits } from '../../src/limits';
import type { Services } from '../../src/services';
import type { Actor } from './commands';
import { accountDecider } from './decider';
import { accountStream } from './events';
import { initialAccountState } from './state';
import { invitationMail } from './invitation-mail';
import { invitationPath, invitationToken, readInvitationToken } from './invitation-link';
import type { AccountList } from './ports';
import { INVITATION_VALID_MS } from './rules';

export const INVALID_LINK = 'This link is not valid. Check that you copied all of it, or ask for a new invitation.';
const WRONG_CODE = 'That code is not right: enter the code your app shows now';

export interface AccountDeps {
  services: Services;
  credentials: Credentials;
  list: AccountList;
  limits: Limits;
  /** Signs invitation links. */
  linkKey: string;
  /** Where the shop is reached, for the link in the mail. */
  origin: () => string;
  /** Queues a mail in the outbox (and wakes the sender). */
  queueMail: (mail: { mailId: string; to: string; subject: string; text: string }) => Promise<void>;
  /** Ends every session and live stream of an account at once (this request's session too: its route renews it). */
  endSessions: (accountId: string) => Promise<void>;
  siteName: () => Promise<string>;
  /** A login stored without a stream (before accounts had them, or by a test set-up), if this id is one. */
  legacyUser: (id: string) => Promise<{ id: string; email: string; role: Role } | null>;
}

/** The account handlers: load the facts, reserve or write the secrets, run the decider, wait for the read model. */
export function createAccounts(deps: AccountDeps) {
  const { services, credentials } = deps;
  const handle = async (accountId: string, command: Parameters<typeof accountDecider.decide>[0], context: CommandContext) => {
    const result = await services.commands.handle(accountStream(accountId), accountDecider, command, context);
    await services.readModels.waitFor('accounts', result.position);
    return result;
  };
  const actorOf = async (context: CommandContext): Promise<Actor> => {
    const role = await deps.list.roleOf(context.actor);
    if (!role) throw new DomainError('unauthenticated', 'Please log in');
    return { id: context.actor, role };
  };
  const adopt = async (user: { id: string; email: string; role: Role }, context: CommandContext) =>
    handle(user.id, { type: 'RegisterAccount', email: user.email, role: user.role, mustChangePassword: false }, context);
  const stateOf = async (accountId: string) => {
    const state = await services.commands.load(accountStream(accountId), accountDecider);
    if (state.status !== 'none') return state;
    const legacy = await deps.legacyUser(accountId);
    if (!legacy) return state;
    return (await adopt(legacy, { actor: 'system', now: services.clock().toISOString(), correlationId: 'adopt-account' })).state;
  };

  return {
    /** An account with a password at once: the first admin, a user adopted at start, the test set-up. */
    async register(input: { email: string; password: string; role: Role; mustChangePassword?: boolean }, context: CommandContext) {
      const { accountId } = await credentials.reserve(input.email);
      if ((await stateOf(accountId)).status !== 'none') return accountId;
      await credentials.setPassword(accountId, input.password, new Date(context.now));
      await handle(accountId, { type: 'RegisterAccount', email: input.email, role: input.role, mustChangePassword: input.mustChangePassword ?? false }, context);
      return accountId;
    },

    /** A user stored before accounts had streams gets one (its credentials were moved by migration 023). */
    async adopt(user: { id: string; email: string; role: Role }, context: CommandContext) {
      await adopt(user, context);
    },

    async invite(input: { email: string; role: Role }, context: CommandContext) {
      const actor = await actorOf(context);
      refuseWhenOver(await deps.limits.take('invitations_sent', actor.id, new Date(context.now)), 'invitations');
      const invitationId = randomUUID();
      const expiresAt = new Date(Date.parse(context.now) + INVITATION_VALID_MS).toISOString();
      const command = (accountId: string) =>
        ({ type: 'InviteAccount', accountId, invitationId, email: input.email, role: input.role, expiresAt, actor }) as const;
      // Decided once before anything is stored, so a refused invitation leaves no trace of the address.
      const known = await credentials.accountIdOf(input.email);
      accountDecider.decide(command(known ?? invitationId), known ? await stateOf(known) : initialAccountState);
      const { accountId } = await credentials.reserve(input.email);
      await handle(accountId, command(accountId), context);
      const link = deps.origin() + invitationPath(invitationToken(deps.linkKey, accountId, invitationId));
      await deps.queueMail({ mailId: invitationId, to: input.email, ...invitationMail({ link, role: input.role, expiresAt, siteName: await deps.siteName() }) });
      return { id: accountId };
    },

    /** What the invitation page shows; a link that no longer works says why, and changes nothing. */
    async invitation(token: string, now: string) {
      const ids = readInvitationToken(deps.linkKey, token);
      if (!ids) throw new DomainError('not_found', INVALID_LINK);
      const state = await stateOf(ids.accountId);
      if (state.status === 'none') throw new DomainError('not_found', INVALID_LINK);
      // The decider's own checks, without storing anything.
      accountDecider.decide({ type: 'AcceptInvitation', invitationId: ids.invitationId, now }, state);
      return { email: state.account.email, role: state.account.role, expiresAt: state.account.invitation!.expiresAt };
    },

    async acceptInvitation(token: string, password: string, context: CommandContext) {
      const { email } = await this.invitation(token, context.now);
      const ids = readInvitationToken(deps.linkKey, token)!;
      const problem = passwordProblem(password, email);
      if (problem) throw new DomainError('invalid', problem);
      // The link was checked above; the secret goes first, then the event (the decider checks the link again as
      // it stores it). Two tabs racing with one link: both are the invited person's, and the last password
      // written is the one that counts.
      await credentials.setPassword(ids.accountId, password, new Date(context.now));
      await handle(ids.accountId, { type: 'AcceptInvitation', invitationId: ids.invitationId, now: context.now }, { ...context, actor: ids.accountId });
      return { accountId: ids.accountId };
    },

    async changeOwnPassword(input: { current: string; next: string; email: string }, context: CommandContext) {
      const accountId = context.actor;
      if (!(await credentials.passwordMatches(accountId, input.current))) throw new DomainError('forbidden', 'Your current password is not right');
      const problem = passwordProblem(input.next, input.email);
      if (problem) throw new DomainError('invalid', problem);
      if (input.next === input.current) throw new DomainError('invalid', 'Choose a password different from the current one');
      await stateOf(accountId);
      const passwordVersion = await credentials.setPassword(accountId, input.next, new Date(context.now));
      await handle(accountId, { type: 'ChangePassword' }, context);
      // Every session signed in with the old password ends (the session check compares versions, on every
      // instance); the route carries on the one that changed it, under a new id.
      await deps.endSessions(accountId);
      return { passwordVersion };
    },

    async passwordMatches(accountId: string, password: string) {
      return credentials.passwordMatches(accountId, password);
    },

    async changeRole(accountId: string, role: Role, context: CommandContext) {
      const actor = await actorOf(context);
      await stateOf(accountId);
      await credentials.oneAdminChangeAtATime(async () =>
        handle(accountId, { type: 'ChangeRole', accountId, role, actor, activeAdmins: await deps.list.activeAdmins() }, context),
      );
      // A role given to someone signed in applies at their next request (loadUser reads it each time).
    },

    async disable(accountId: string, context: CommandContext) {
      const actor = await actorOf(context);
      await stateOf(accountId);
      await credentials.oneAdminChangeAtATime(async () =>
        handle(accountId, { type: 'DisableAccount', accountId, actor, activeAdmins: await deps.list.activeAdmins() }, context),
      );
      await deps.endSessions(accountId);
    },

    async enable(accountId: string, context: CommandContext) {
      const actor = await actorOf(context);
      await stateOf(accountId);
      await handle(accountId, { type: 'EnableAccount', actor }, context);
    },

    async people() {
      return deps.list.people();
    },

    /** A new secret to show (URI for a QR code, and the text for manual entry); on only after a code confirms it. */
    async startTotp(context: CommandContext) {
      const state = await stateOf(context.actor);
      if (state.status === 'none') throw new DomainError('unauthenticated', 'Please log in');
      accountDecider.decide({ type: 'TurnOnTotp', role: state.account.role }, state);
      const secret = generateTotpSecret();
      await credentials.setPendingTotp(context.actor, secret);
      return { secret, uri: otpauthUri({ secret, account: state.account.email, issuer: await deps.siteName() }) };
    },

    async confirmTotp(code: string, context: CommandContext) {
      const state = await stateOf(context.actor);
      if (state.status === 'none') throw new DomainError('unauthenticated', 'Please log in');
      accountDecider.decide({ type: 'TurnOnTotp', role: state.account.role }, state);
      const result = await credentials.takeTotp(context.actor, code, new Date(context.now), { pending: true });
      if (!result.ok) throw new DomainError('invalid', WRONG_CODE);
      await handle(context.actor, { type: 'TurnOnTotp', role: state.account.role }, context);
    },

    /** By the person (with their password just entered), by another admin, or on the server (reset-totp). */
    async turnOffTotp(accountId: string, by: 'self' | 'admin' | 'server', context: CommandContext) {
      const actor = by === 'admin' ? await actorOf(context) : undefined;
      accountDecider.decide({ type: 'TurnOffTotp', by, actor }, await stateOf(accountId));
      await credentials.clearTotp(accountId);
      await handle(accountId, { type: 'TurnOffTotp', by, actor }, context);
    },

    /** The second step of a login with TOTP on: the code of now, never one taken before. */
    async checkLoginCode(accountId: string, code: string, at: Date): Promise<boolean> {
      return (await credentials.takeTotp(accountId, code, at)).ok;
    },

    async recordLogin(accountId: string, context: CommandContext) {
      await stateOf(accountId);
      await handle(accountId, { type: 'RecordLogin' }, context);
    },

    accountIdOf: (email: string) => credentials.accountIdOf(email),
  };
}

export type Accounts = ReturnType<typeof createAccounts>;

/**
 * The last admin lost their phone: `npm run reset-totp -- <email>` on the server turns their codes off. No
 * route can, since the one person who could call it cannot sign in.
 */
export async function resetTotp(deps: { commands: Services['commands']; credentials: Credentials }, email: string, context: CommandContext) {
  const accountId = await deps.credentials.accountIdOf(email);
  if (!accountId) throw new DomainError('not_found', `No login for ${email}`);
  await deps.credentials.clearTotp(accountId);
  const result = await deps.commands.handle(accountStream(accountId), accountDecider, { type: 'TurnOffTotp', by: 'server' }, context);
  return { accountId, changed: result.events.length > 0 };
}
