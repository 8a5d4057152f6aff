import { randomUUID } from 'node:crypto';
import { sql } from 'slonik';
import type { DatabasePool } from '../db/pool';
import { hashPassword, verifyPassword } from './passwords';
import { verifyTotp, type TotpVerification } from './totp';

/**
 * The secrets of each login (password hash, TOTP secret) and the email it is known by, outside the event
 * streams: secrets are not history, and an event cannot be changed when a password is. Written in the request
 * that changes them, before the account event saying so.
 */
export function createCredentials(pool: DatabasePool) {
  const setPasswordHash = async (accountId: string, hash: string, at: Date): Promise<number> =>
    (await pool.oneFirst(sql.unsafe`
      update account_credentials
         set password_hash = ${hash}, password_changed_at = ${at.toISOString()}, password_version = password_version + 1
       where account_id = ${accountId}
      returning password_version`)) as number;
  return {
    /** The account id for this email: an existing one, or a new one reserved now (one login per address). */
    async reserve(email: string): Promise<{ accountId: string; isNew: boolean }> {
      const id = randomUUID();
      const inserted = await pool.maybeOneFirst(sql.unsafe`
        insert into account_credentials (account_id, email_key) values (${id}, ${email.toLowerCase()})
        on conflict (email_key) do nothing returning account_id`);
      if (inserted) return { accountId: id, isNew: true };
      const existing = await pool.oneFirst(sql.unsafe`select account_id from account_credentials where email_key = ${email.toLowerCase()}`);
      return { accountId: existing as string, isNew: false };
    },
    /** A customer's confirmed new address (issue 33); false when another login holds it meanwhile. */
    async changeEmail(accountId: string, email: string): Promise<boolean> {
      const changed = await pool.maybeOneFirst(sql.unsafe`
        update account_credentials set email_key = ${email.toLowerCase()}
         where account_id = ${accountId}
           and not exists (select 1 from account_credentials other where other.email_key = ${email.toLowerCase()} and other.account_id <> ${accountId})
        returning account_id`);
      return changed !== null;
    },
    /** Erasure: the login's address and secrets are gone; the row stays so the account id is never reused. */
    async forget(accountIds: readonly string[]): Promise<void> {
      await pool.query(sql.unsafe`
        update account_credentials
           set email_key = 'erased:' || account_id::text, password_hash = null, totp_secret = null, totp_pending_secret = null
         where account_id = any(${sql.array(accountIds, 'uuid')})`);
    },
    /** Stores the new password's hash and answers its version, which ends every session signed in with an older one. */
    async setPassword(accountId: string, password: string, at: Date): Promise<number> {
      return setPasswordHash(accountId, await hashPassword(password), at);
    },
    /** As setPassword, with the hash already made (a customer's sign-up hashes before it answers). */
    setPasswordHash,
    async passwordMatches(accountId: string, password: string): Promise<boolean> {
      const hash = await pool.maybeOneFirst(sql.unsafe`select password_hash from account_credentials where account_id = ${accountId}`);
      return typeof hash === 'string' && verifyPassword(hash, password);
    },
    async setPendingTotp(accountId: string, secret: string): Promise<void> {
      await pool.query(sql.unsafe`update account_credentials set totp_pending_secret = ${secret} where account_id = ${accountId}`);
    },
    /**
     * Checks a code against the confirmed secret (or, `pending`, the one being set up) and takes its step in
     * the same statement, so two requests with one code cannot both pass.
     */
    async takeTotp(accountId: string, code: string, at: Date, options: { pending?: boolean } = {}): Promise<TotpVerification> {
      const row = (await pool.maybeOne(sql.unsafe`
        select totp_secret, totp_pending_secret, totp_last_step from account_credentials where account_id = ${accountId}`)) as {
        totp_secret: string | null;
        totp_pending_secret: string | null;
        totp_last_step: number | string | null;
      } | null;
      const secret = options.pending ? row?.totp_pending_secret : row?.totp_secret;
      if (!row || !secret) return { ok: false, reason: 'wrong' };
      const lastUsedStep = row.totp_last_step == null ? null : Number(row.totp_last_step);
      const verification = verifyTotp({ secret, code, at, lastUsedStep });
      if (!verification.ok) return verification;
      const taken = await pool.maybeOneFirst(sql.unsafe`
        update account_credentials
           set totp_last_step = ${verification.step},
               totp_secret = ${options.pending ? sql.fragment`totp_pending_secret` : sql.fragment`totp_secret`},
               totp_pending_secret = ${options.pending ? null : sql.fragment`totp_pending_secret`}
         where account_id = ${accountId} and (totp_last_step is null or totp_last_step < ${verification.step})
        returning account_id`);
      return taken ? verification : { ok: false, reason: 'replayed' };
    },
    async clearTotp(accountId: string): Promise<void> {
      await pool.query(sql.unsafe`
        update account_credentials set totp_secret = null, totp_pending_secret = null where account_id = ${accountId}`);
    },
    /**
     * Runs changes that could leave the shop without an admin one at a time across instances (a Postgres
     * advisory lock held until `work`, which waits for the read model it counts admins in, is done): two
     * admins disabling each other at once must not both pass the "last admin" check. The lock is held on a
     * connection outside the pool: `work` counts admins and waits for the read model through the pool.
     */
    async oneAdminChangeAtATime<T>(work: () => Promise<T>): Promise<T> {
      return pool.withAdvisoryLock('account admin changes', work);
    },
    async accountIdOf(email: string): Promise<string | null> {
      return ((await pool.maybeOneFirst(sql.unsafe`
        select account_id from account_credentials where email_key = ${email.toLowerCase()}`)) as string | null) ?? null;
    },
  };
}

export type Credentials = ReturnType<typeof createCredentials>;
