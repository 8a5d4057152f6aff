import type { Context, Next } from 'koa';
import { DomainError } from '../core/errors';
import { hasRole, type Role } from './roles';
import type { User, UserRepository } from './users';

declare module 'koa' {
  interface DefaultState {
    user?: User;
  }
}

/**
 * Puts the signed-in user (if any) on ctx.state.user. A session whose user was deleted or disabled, or that was
 * signed in with a password changed since (issue 28), is treated as a guest.
 */
export function loadUser(users: UserRepository) {
  return async (ctx: Context, next: Next): Promise<void> => {
    const userId = ctx.session?.userId;
    if (typeof userId === 'string') {
      const user = await users.findById(userId);
      if (user && passwordVersionOf(ctx) === user.passwordVersion) ctx.state.user = user;
    }
    return next();
  };
}

/** Notes in the session the version of the password it signs in with (at login, and after changing it). */
export function notePasswordVersion(ctx: Context, version: number): void {
  ctx.session!.passwordVersion = version;
}

/** Sessions signed in before versions were kept carry none: the version every login had then. */
const passwordVersionOf = (ctx: Context) => (typeof ctx.session?.passwordVersion === 'number' ? ctx.session.passwordVersion : 0);

/** Route guard: a guest gets 401, a signed-in user without the role gets 403. */
export function requireRole(role: Role) {
  return async (ctx: Context, next: Next): Promise<void> => {
    const user = ctx.state.user as User | undefined;
    if (!user) throw new DomainError('unauthenticated', 'Please log in');
    if (!hasRole(user.role, role)) throw new DomainError('forbidden', 'You are not allowed to do that');
    return next();
  };
}

/**
 * Route guard for a customer's own things (issue 33: their orders, their data, closing their account): a guest
 * gets 401, a staff login (which has none of these) a 403 saying so in `staffMessage`.
 */
export function requireCustomer(staffMessage: string) {
  return async (ctx: Context, next: Next): Promise<void> => {
    const user = ctx.state.user as User | undefined;
    if (!user) throw new DomainError('unauthenticated', 'Please sign in');
    if (user.role !== 'customer') throw new DomainError('forbidden', staffMessage);
    return next();
  };
}
