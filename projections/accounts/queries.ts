import { sql } from 'slonik';
import type { DatabasePool } from '../../src/db/pool';
import type { AccountList } from '../../modules/account';

/** The people with a staff login, for the admin screen: the account module's AccountList port. */
export function accountList(pool: DatabasePool): AccountList {
  return {
    async people() {
      const rows = await pool.any(sql.unsafe`
        select id, email, role, status, totp_enabled, invited_until, last_login_at
          from users where role <> 'customer' order by lower(email)`);
      return rows.map((row) => ({
        id: row.id as string,
        email: row.email as string,
        role: row.role as never,
        status: row.status as never,
        totpEnabled: row.totp_enabled as boolean,
        invitedUntil: row.invited_until ? new Date(row.invited_until as number).toISOString() : null,
        lastLoginAt: row.last_login_at ? new Date(row.last_login_at as number).toISOString() : null,
      }));
    },
    async activeAdmins() {
      return (await pool.oneFirst(sql.unsafe`select count(*)::int from users where role = 'admin' and status = 'active'`)) as number;
    },
    async roleOf(id) {
      return ((await pool.maybeOneFirst(sql.unsafe`select role from users where id = ${id} and status = 'active'`)) as never) ?? null;
    },
  };
}
