import { sql } from 'slonik';
import type { DatabasePool } from '../db/pool';
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
    /**
     * Counts this attempt as a failure before the password is checked, and refuses it when the account or the
     * address is over its limit. Counting first means guesses sent all at once cannot all pass the check before
     * any of them is recorded; a successful login clears the account's failures, this one included.
     */
    async beginAttempt(account: string, address: string): Promise<void> {
      const attempt = (await pool.oneFirst(sql.unsafe`
        insert into login_failures (account, address, failed_at) values (${account}, ${address}, ${now().toISOString()})
        returning ctid::text`)) as string;
      const counts = (await pool.one(sql.unsafe`
        select
          (select count(*)::int from login_failures where account = ${account} and failed_at > ${since()}) as account,
          (select count(*)::int from login_failures where address = ${address} and failed_at > ${since()}) as address`)) as {
        account: number;
        address: number;
      };
      if (counts.account > MAX_ACCOUNT_FAILURES || counts.address > MAX_ADDRESS_FAILURES) {
        // A refused attempt checked no password, so it is not a failure: the lock ends a window after the last real one.
        await pool.query(sql.unsafe`delete from login_failures where ctid = ${attempt}::tid`);
        throw new DomainError(
          'too_many',
          `Too many failed logins: please wait ${WINDOW_MINUTES} minutes and try again`,
          WINDOW_MINUTES * 60,
        );
      }
    },
    async clearAccount(account: string): Promise<void> {
      await pool.query(sql.unsafe`delete from login_failures where account = ${account}`);
    },
    async deleteExpired(): Promise<void> {
      await pool.query(sql.unsafe`delete from login_failures where failed_at <= ${since()}`);
    },
  };
}
