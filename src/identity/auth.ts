import type { Context, Next } from 'koa';
import { DomainError } from '../core/errors';
import { hasRole, type Role } from './roles';
import type { User, UserRepository } from './users';

declare module 'koa' {
  interface DefaultState {
    user?: User;
  }
}

/** Puts the signed-in user (if any) on ctx.state.user; a session whose user was deleted is treated as a guest. */
export function loadUser(users: UserRepository) {
  return async (ctx: Context, next: Next): Promise<void> => {
    const userId = ctx.session?.userId;
    if (typeof userId === 'string') {
      const user = await users.findById(userId);
      if (user) ctx.state.user = user;
    }
    return next();
  };
}

/** Route guard: a guest gets 401, a signed-in user without the role gets 403. */
export function requireRole(role: Role) {
  return async (ctx: Context, next: Next): Promise<void> => {
    const user = ctx.state.user as User | undefined;
    if (!user) throw new DomainError('unauthenticated', 'Please log in');
    if (!hasRole(user.role, role)) throw new DomainError('forbidden', 'You are not allowed to do that');
    return next();
  };
}
