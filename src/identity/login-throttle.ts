import { sql, type DatabasePool } from 'slonik';
import { DomainError } from '../core/errors';

export const WINDOW_MINUTES = 15;
/** Failures per account in the window before further attempts are refused, whichever address they come from. */
export const MAX_ACCOUNT_FAILURES = 10;
/** Failures per address in the window, across all accounts (stops one machine trying many accounts). */
export const MAX_ADDRESS_FAILURES = 50;

/** Login throttling kept in Postgres, so it holds across restarts and instances. */
export function createLoginThrottle(pool: DatabasePool, now: () => Date) {
  const since = () => new Date(now().getTime() - WINDOW_MINUTES * 60_000).toISOString();
  return {
    async assertAllowed(account: string, address: string): Promise<void> {
      const counts = (await pool.one(sql.unsafe`
        select
          (select count(*)::int from login_failures where account = ${account} and failed_at > ${since()}) as account,
          (select count(*)::int from login_failures where address = ${address} and failed_at > ${since()}) as address`)) as {
        account: number;
        address: number;
      };
      if (counts.account >= MAX_ACCOUNT_FAILURES || counts.address >= MAX_ADDRESS_FAILURES) {
        throw new DomainError(
          'too_many',
          `Too many failed logins: please wait ${WINDOW_MINUTES} minutes and try again`,
          WINDOW_MINUTES * 60,
        );
      }
    },
    async recordFailure(account: string, address: string): Promise<void> {
      await pool.query(sql.unsafe`
        insert into login_failures (account, address, failed_at) values (${account}, ${address}, ${now().toISOString()})`);
    },
    async clearAccount(account: string): Promise<void> {
      await pool.query(sql.unsafe`delete from login_failures where account = ${account}`);
    },
    async deleteExpired(): Promise<void> {
      await pool.query(sql.unsafe`delete from login_failures where failed_at <= ${since()}`);
    },
  };
}
