import Router from '@koa/router';
import type { Context } from 'koa';
import { z } from 'zod';
import type { Clock } from '../core/clock';
import { noInput } from '../http/inputs';
import { refuseWhenOver, type Limits } from '../limits';
import { emailText, singleLineText } from '../shared/text';
import { HUMAN_CHECK_FIELD } from '../shared/login-texts';
import type { KnownDevices } from './known-device';
import { DomainError } from '../core/errors';
import type { createLoginThrottle } from './login-throttle';
import { verifyAgainstNothing, verifyPassword } from './passwords';
import { notePasswordVersion } from './auth';
import { notePasswordEntered, STEP_UP_MS } from './step-up';
import type { User, UserRepository } from './users';

const loginInput = z.strictObject({
  email: emailText(),
  password: singleLineText({ max: 1024, required: 'Enter your password', keepSpaces: true }),
  [HUMAN_CHECK_FIELD]: singleLineText({ max: 4000 }).optional(),
});
const codeInput = z.strictObject({ code: singleLineText({ max: 20, required: 'Enter the code from your app' }) });

const WRONG_CREDENTIALS = 'Incorrect email or password';
const DISABLED = 'This login is disabled: ask your manager';
const LOGIN_AGAIN = 'Please log in again';
const WRONG_CODE = 'That code is not right: enter the code your app shows now';

/** Who is signed in, as GET /api/me answers it (and the first screen the server renders). */
export const publicUser = (user: User) => ({
  id: user.id,
  email: user.email,
  role: user.role,
  mustChangePassword: user.mustChangePassword,
  totpEnabled: user.totpEnabled,
});

/**
 * Signs `user` in on this request's session: a new session id at login (no fixation). What a guest had, such as
 * the basket, comes along; what another signed-in user had does not. The login's answer and the invitation's
 * (a new cook is signed in as they choose their password, issue 38 item 7) both end here.
 */
export function loginCompleter(deps: { clock: Clock; afterLogin?: (ctx: Context, user: User) => Promise<void> }) {
  return async function completeLogin(ctx: Context, user: User, passwordVersion: number): Promise<void> {
    const session = ctx.session!;
    delete session.pendingLogin;
    if (session.userId !== undefined && session.userId !== user.id) {
      for (const key of Object.keys(session.toJSON())) delete session[key];
    }
    await session.regenerate();
    session.userId = user.id;
    notePasswordVersion(ctx, passwordVersion);
    notePasswordEntered(ctx, deps.clock);
    ctx.state.user = user;
    await deps.afterLogin?.(ctx, user);
    ctx.body = { status: true, user: publicUser(user) };
  };
}

export function identityRoutes(deps: {
  users: UserRepository;
  throttle: ReturnType<typeof createLoginThrottle>;
  devices: KnownDevices;
  clock: Clock;
  limits: Limits;
  /** The second step of a login with one-time codes on: true when the code is right and was never used. */
  checkLoginCode: (accountId: string, code: string, at: Date) => Promise<boolean>;
  /** Runs once the new session holds the user, e.g. to give the guest's basket to the customer. */
  afterLogin?: (ctx: Context, user: User) => Promise<void>;
}) {
  const router = new Router();

  const completeLogin = loginCompleter(deps);

  router.post('/api/login', async (ctx) => {
    const input = loginInput.parse(ctx.request.body);
    const { email, password } = input;
    const account = email.toLowerCase();
    const attempt = { account, address: ctx.ip, device: deps.devices.deviceFor(ctx, account) };
    await deps.throttle.beginAttempt({ ...attempt, humanCheck: input[HUMAN_CHECK_FIELD] });
    const found = await deps.users.findByEmail(email);
    const valid = found?.password_hash ? await verifyPassword(found.password_hash, password) : await verifyAgainstNothing(password);
    // A disabled (or not yet accepted) login answers as a wrong password, after the same hash check, and counts as
    // a failure: a different answer would tell whoever holds the password that it is right.
    if (!found || !valid || found.status !== 'active') throw new DomainError('unauthenticated', WRONG_CREDENTIALS);
    await deps.throttle.succeeded(attempt);
    deps.devices.remember(ctx, account, attempt.device);
    if (found.totpEnabled) {
      // The password is right; the session is not signed in until the code is (POST /api/login/code).
      ctx.session!.pendingLogin = { userId: found.id, at: deps.clock().getTime(), passwordVersion: found.passwordVersion };
      ctx.body = { status: true, codeRequired: true };
      return;
    }
    await completeLogin(ctx, publicUser(found), found.passwordVersion);
  });

  router.post('/api/login/code', async (ctx) => {
    const { code } = codeInput.parse(ctx.request.body);
    const pending = ctx.session?.pendingLogin as { userId: string; at: number; passwordVersion?: number } | undefined;
    const now = deps.clock();
    if (!pending || now.getTime() - pending.at > STEP_UP_MS) throw new DomainError('unauthenticated', LOGIN_AGAIN);
    refuseWhenOver(await deps.limits.take('login_codes', pending.userId, now), 'code attempts');
    if (!(await deps.checkLoginCode(pending.userId, code, now))) throw new DomainError('unauthenticated', WRONG_CODE);
    const user = await deps.users.findById(pending.userId);
    if (!user) throw new DomainError('forbidden', DISABLED);
    // The version the password was checked at: a password changed meanwhile ends this session at its next request.
    await completeLogin(ctx, publicUser(user), pending.passwordVersion ?? 0);
  });

  router.post('/api/logout', async (ctx) => {
    noInput.parse(ctx.request.body);
    ctx.session = null;
    ctx.body = { status: true };
  });

  router.get('/api/me', async (ctx) => {
    const user = ctx.state.user as User | undefined;
    ctx.body = { status: true, user: user ? publicUser(user) : null };
  });

  return router;
}
