import Router from '@koa/router';
import type { Context } from 'koa';
import { z } from 'zod';
import type { Clock } from '../../src/core/clock';
import { commandContext } from '../../src/http/command-context';
import { noInput } from '../../src/http/inputs';
import { notePasswordVersion, requireRole } from '../../src/identity/auth';
import { notePasswordEntered, requireRecentPassword } from '../../src/identity/step-up';
import type { User } from '../../src/identity/users';
import { refuseWhenOver, type Limits } from '../../src/limits';
import { DomainError } from '../../src/core/errors';
import { emailText, singleLineText } from '../../src/shared/text';
import { PASSWORD_RULES } from '../../src/shared/account-texts';
import type { Accounts } from './accounts';
import { STAFF_ROLES } from './rules';

const password = (required: string) => singleLineText({ max: 1024, required, keepSpaces: true });
const inviteInput = z.strictObject({ email: emailText(), role: z.enum(STAFF_ROLES) });
const roleInput = z.strictObject({ role: z.enum(STAFF_ROLES) });
const idParam = z.strictObject({ id: z.uuid({ message: 'No such login' }) });
const tokenParam = z.strictObject({ token: singleLineText({ max: 300, required: 'No invitation' }) });
const acceptInput = z.strictObject({ password: password('Choose a password') });
const changePasswordInput = z.strictObject({ current_password: password('Enter your current password'), new_password: password('Choose a new password') });
const confirmPasswordInput = z.strictObject({ password: password('Enter your password') });
const codeInput = z.strictObject({ code: singleLineText({ max: 20, required: 'Enter the code from your app' }) });

const signedIn = (ctx: Context) => ctx.state.user as User;

/** Staff logins (the admin screen), invitations, one's own password, and the second factor. */
export function accountRoutes(deps: {
  accounts: Accounts;
  clock: Clock;
  limits: Limits;
  /** Signs the account in on this request's session, as a login does (the shell's identity routes). */
  signIn: (ctx: Context, accountId: string) => Promise<void>;
}) {
  const { accounts, clock } = deps;
  const router = new Router();
  const stepUp = requireRecentPassword(clock);
  const context = (ctx: Context) => commandContext(ctx, clock);

  router.get('/api/accounts', requireRole('manager'), async (ctx) => {
    ctx.body = { status: true, people: await accounts.people() };
  });

  router.post('/api/accounts/invite', requireRole('manager'), async (ctx) => {
    const input = inviteInput.parse(ctx.request.body);
    const { id } = await accounts.invite(input, context(ctx));
    ctx.body = { status: true, id, message: `Invitation sent to ${input.email}` };
  });

  router.post('/api/accounts/:id/role', requireRole('admin'), stepUp, async (ctx) => {
    const { id } = idParam.parse(ctx.params);
    const { role } = roleInput.parse(ctx.request.body);
    await accounts.changeRole(id, role, context(ctx));
    ctx.body = { status: true };
  });

  router.post('/api/accounts/:id/disable', requireRole('manager'), stepUp, async (ctx) => {
    const { id } = idParam.parse(ctx.params);
    noInput.parse(ctx.request.body);
    await accounts.disable(id, context(ctx));
    ctx.body = { status: true };
  });

  router.post('/api/accounts/:id/enable', requireRole('manager'), async (ctx) => {
    const { id } = idParam.parse(ctx.params);
    noInput.parse(ctx.request.body);
    await accounts.enable(id, context(ctx));
    ctx.body = { status: true };
  });

  // A lost phone: another admin turns the person's codes off (the last admin: npm run reset-totp on the server).
  router.post('/api/accounts/:id/totp-off', requireRole('admin'), stepUp, async (ctx) => {
    const { id } = idParam.parse(ctx.params);
    noInput.parse(ctx.request.body);
    await accounts.turnOffTotp(id, 'admin', context(ctx));
    ctx.body = { status: true };
  });

  router.get('/api/invitation/:token', async (ctx) => {
    const { token } = tokenParam.parse(ctx.params);
    const invitation = await accounts.invitation(token, clock().toISOString());
    ctx.body = { status: true, ...invitation, passwordRules: PASSWORD_RULES };
  });

  router.post('/api/invitation/:token', async (ctx) => {
    const { token } = tokenParam.parse(ctx.params);
    const input = acceptInput.parse(ctx.request.body);
    const { accountId } = await accounts.acceptInvitation(token, input.password, context(ctx));
    // The new cook has just proved who they are with the link and chosen the password: signed in at once
    // (issue 38 item 7), the answer carries the user as a login's does.
    await deps.signIn(ctx, accountId);
    ctx.body = { ...(ctx.body as object), message: 'Your password is set: you are signed in' };
  });

  router.post('/api/account/password', requireRole('customer'), async (ctx) => {
    const input = changePasswordInput.parse(ctx.request.body);
    const user = signedIn(ctx);
    const { passwordVersion } = await accounts.changeOwnPassword({ current: input.current_password, next: input.new_password, email: user.email }, context(ctx));
    // The change ended every session of the account; this one goes on, under a new id (OWASP: a new session id
    // after a password change) and with the new password's version.
    notePasswordVersion(ctx, passwordVersion);
    notePasswordEntered(ctx, clock);
    await ctx.session!.regenerate();
    ctx.body = { status: true, message: 'Your password is changed' };
  });

  router.post('/api/account/confirm-password', requireRole('customer'), async (ctx) => {
    const input = confirmPasswordInput.parse(ctx.request.body);
    const user = signedIn(ctx);
    refuseWhenOver(await deps.limits.take('login_attempts', `${user.id} ${ctx.ip}`, clock()), 'password attempts');
    if (!(await accounts.passwordMatches(user.id, input.password))) throw new DomainError('forbidden', 'That password is not right');
    notePasswordEntered(ctx, clock);
    ctx.body = { status: true };
  });

  router.post('/api/account/totp/start', requireRole('manager'), async (ctx) => {
    noInput.parse(ctx.request.body);
    ctx.body = { status: true, ...(await accounts.startTotp(context(ctx))) };
  });

  router.post('/api/account/totp/confirm', requireRole('manager'), async (ctx) => {
    const { code } = codeInput.parse(ctx.request.body);
    refuseWhenOver(await deps.limits.take('login_codes', signedIn(ctx).id, clock()), 'code attempts');
    await accounts.confirmTotp(code, context(ctx));
    ctx.body = { status: true, message: 'One-time codes are on: sign-in will ask for one' };
  });

  router.post('/api/account/totp/off', requireRole('manager'), stepUp, async (ctx) => {
    noInput.parse(ctx.request.body);
    await accounts.turnOffTotp(signedIn(ctx).id, 'self', context(ctx));
    ctx.body = { status: true };
  });

  return router;
}
