import { randomBytes } from 'node:crypto';
import type { UserRepository } from './users';

/**
 * The first start creates an admin from ADMIN_EMAIL / ADMIN_PASSWORD, or with a generated password that is
 * printed once (it is stored only as a hash) and that the admin is asked to change at first sign-in.
 */
export async function ensureAdmin(
  users: UserRepository,
  options: {
    email: string;
    password?: string;
    announce: (message: string) => void;
    register: (input: { email: string; password: string; role: 'admin'; mustChangePassword: boolean }) => Promise<unknown>;
  },
): Promise<void> {
  if ((await users.countWithRole('admin')) > 0) return;
  if (await users.findByEmail(options.email)) return;
  const password = options.password ?? randomBytes(12).toString('base64url');
  await options.register({ email: options.email, password, role: 'admin', mustChangePassword: !options.password });
  options.announce(
    options.password
      ? `Created the admin account ${options.email} with the password from ADMIN_PASSWORD`
      : `Created the admin account ${options.email} with the password ${password} (shown once; you will be asked to change it at first sign-in)`,
  );
}
