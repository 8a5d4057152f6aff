import { randomUUID } from 'node:crypto';
import { sql } from 'slonik';
import type { DatabasePool } from '../db/pool';
import { hashPassword } from './passwords';
import type { Role } from './roles';

/** A signed-in person as every request sees them (from the accounts read model, `users`). */
export interface User {
  id: string;
  email: string;
  role: Role;
  mustChangePassword: boolean;
  totpEnabled: boolean;
}

export interface LoginCandidate extends User {
  status: 'invited' | 'active' | 'disabled';
  password_hash: string | null;
  /** Counts the passwords set (account_credentials.password_version): a session holds the one it signed in with. */
  passwordVersion: number;
}

const fromRow = (row: Record<string, unknown>) => ({
  id: row.id as string,
  email: row.email as string,
  role: row.role as Role,
  mustChangePassword: row.must_change_password as boolean,
  totpEnabled: row.totp_enabled as boolean,
});

/** Reads logins for the session check and the login; accounts are changed only through modules/account. */
export function createUserRepository(pool: DatabasePool) {
  return {
    async findByEmail(email: string): Promise<LoginCandidate | null> {
      const row = await pool.maybeOne(sql.unsafe`
        select u.id, u.email, u.role, u.status, u.must_change_password, u.totp_enabled, c.password_hash, c.password_version
          from account_credentials c join users u on u.id = c.account_id
         where c.email_key = lower(${email})`);
      return row && {
        ...fromRow(row),
        status: row.status as LoginCandidate['status'],
        password_hash: row.password_hash as string | null,
        passwordVersion: row.password_version as number,
      };
    },
    /**
     * Only an active account: a disabled one's old session is a guest's from its next request. With the version
     * of its password, which the session check compares with the session's.
     */
    async findById(id: string): Promise<(User & { passwordVersion: number }) | null> {
      const row = await pool.maybeOne(sql.unsafe`
        select u.id, u.email, u.role, u.must_change_password, u.totp_enabled, coalesce(c.password_version, 0) as password_version
          from users u left join account_credentials c on c.account_id = u.id
         where u.id = ${id} and u.status = 'active'`);
      return row && { ...fromRow(row), passwordVersion: row.password_version as number };
    },
    /** Logins by id, whatever their status (an order's timeline names who did what): email and role. */
    async byIds(ids: readonly string[]): Promise<Map<string, { email: string; role: Role }>> {
      if (ids.length === 0) return new Map();
      const rows = await pool.any(sql.unsafe`select id, email, role from users where id = any(${sql.array([...ids], 'uuid')})`);
      return new Map(rows.map((row) => [row.id as string, { email: row.email as string, role: row.role as Role }]));
    },
    /** The addresses of the active logins with one of these roles (the managers to alert, say). */
    async activeEmailsWithRoles(roles: readonly Role[]): Promise<string[]> {
      return (await pool.anyFirst(sql.unsafe`
        select email from users where role = any(${sql.array([...roles], 'text')}) and status = 'active' order by lower(email)`)) as string[];
    },
    async countWithRole(role: Role): Promise<number> {
      return (await pool.oneFirst(sql.unsafe`select count(*)::int from users where role = ${role}`)) as number;
    },
    /**
     * For set-ups (tests, the bench): a login stored straight into the tables, as users were before accounts
     * had streams. The account module adopts it into a stream of its own before its first command (and every
     * start adopts those left), so it behaves as any other login.
     */
    async create(input: { email: string; password: string; role: Role }): Promise<User> {
      const id = randomUUID();
      const passwordHash = await hashPassword(input.password);
      await pool.transaction(async (tx) => {
        await tx.query(sql.unsafe`insert into users (id, email, role) values (${id}, ${input.email}, ${input.role})`);
        await tx.query(sql.unsafe`
          insert into account_credentials (account_id, email_key, password_hash, password_changed_at)
          values (${id}, ${input.email.toLowerCase()}, ${passwordHash}, now())`);
      });
      return { id, email: input.email, role: input.role, mustChangePassword: false, totpEnabled: false };
    },
    /** Users stored before accounts were event-sourced: they get a stream of their own at start. */
    async withoutStream(id?: string): Promise<Array<{ id: string; email: string; role: Role }>> {
      return (await pool.any(sql.unsafe`
        select id, email, role from users where state is null ${id ? sql.fragment`and id = ${id}` : sql.fragment``}`)) as never;
    },
  };
}

export type UserRepository = ReturnType<typeof createUserRepository>;
