import Router from '@koa/router';
import type { Context } from 'koa';
import { z } from 'zod';
import { noInput } from '../http/inputs';
import { emailText, singleLineText } from '../shared/text';
import { HUMAN_CHECK_FIELD } from '../shared/login-texts';
import type { KnownDevices } from './known-device';
import { DomainError } from '../core/errors';
import type { createLoginThrottle } from './login-throttle';
import { verifyAgainstNothing, verifyPassword } from './passwords';
import type { User, UserRepository } from './users';

const loginInput = z.strictObject({
  email: emailText(),
  password: singleLineText({ max: 1024, required: 'Enter your password', keepSpaces: true }),
  [HUMAN_CHECK_FIELD]: singleLineText({ max: 4000 }).optional(),
});


const WRONG_CREDENTIALS = 'Incorrect email or password';

const publicUser = (user: User) => ({ id: user.id, email: user.email, role: user.role });

export function identityRoutes(deps: {
  users: UserRepository;
  throttle: ReturnType<typeof createLoginThrottle>;
  devices: KnownDevices;
  /** Runs once the new session holds the user, e.g. to give the guest's basket to the customer. */
  afterLogin?: (ctx: Context, user: User) => Promise<void>;
}) {
  const router = new Router();

  router.post('/api/login', async (ctx) => {
    const input = loginInput.parse(ctx.request.body);
    const { email, password } = input;
    const account = email.toLowerCase();
    const attempt = { account, address: ctx.ip, device: deps.devices.deviceFor(ctx, account) };
    await deps.throttle.beginAttempt({ ...attempt, humanCheck: input[HUMAN_CHECK_FIELD] });
    const found = await deps.users.findByEmail(email);
    const valid = found ? await verifyPassword(found.password_hash, password) : await verifyAgainstNothing(password);
    if (!found || !valid) throw new DomainError('unauthenticated', WRONG_CREDENTIALS);
    deps.throttle.succeeded(attempt);
    deps.devices.remember(ctx, account, attempt.device);
    // A new session id at login (no fixation). What a guest had, such as the basket, comes along; what
    // another signed-in user had does not.
    const session = ctx.session!;
    if (session.userId !== undefined && session.userId !== found.id) {
      for (const key of Object.keys(session.toJSON())) delete session[key];
    }
    await session.regenerate();
    session.userId = found.id;
    ctx.state.user = publicUser(found);
    await deps.afterLogin?.(ctx, found);
    ctx.body = { status: true, user: publicUser(found) };
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
