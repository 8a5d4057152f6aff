import { randomUUID } from 'node:crypto';
import { sql } from 'slonik';
import type { DatabasePool } from '../db/pool';
import { hashPassword } from './passwords';
import type { Role } from './roles';

export interface User {
  id: string;
  email: string;
  role: Role;
}

interface UserRow extends User {
  password_hash: string;
}

export function createUserRepository(pool: DatabasePool) {
  return {
    async findByEmail(email: string): Promise<UserRow | null> {
      return (await pool.maybeOne(sql.unsafe`
        select id, email, role, password_hash from users where lower(email) = lower(${email})`)) as UserRow | null;
    },
    async findById(id: string): Promise<User | null> {
      return (await pool.maybeOne(sql.unsafe`select id, email, role from users where id = ${id}`)) as User | null;
    },
    async countWithRole(role: Role): Promise<number> {
      return (await pool.oneFirst(sql.unsafe`select count(*)::int from users where role = ${role}`)) as number;
    },
    async create(input: { email: string; password: string; role: Role }): Promise<User> {
      const id = randomUUID();
      const passwordHash = await hashPassword(input.password);
      await pool.query(sql.unsafe`
        insert into users (id, email, password_hash, role) values (${id}, ${input.email}, ${passwordHash}, ${input.role})`);
      return { id, email: input.email, role: input.role };
    },
  };
}

export type UserRepository = ReturnType<typeof createUserRepository>;
