import { sql } from 'slonik';
import type { DatabasePool } from '../db/pool';

/** How many expired rows one claim deletes: claims are rare (a login asked for a check), so a few keep up. */
const SWEEP_BATCH = 100;

/**
 * The challenges solved so far, in Postgres (`human_check_solutions`), so that a solution is accepted once
 * across every instance of the shop and across restarts.
 */
export interface SolvedChallenges {
  /** Records a solved challenge: true the first time its nonce is claimed, false for a replay. */
  claim(nonce: string, expiresAt: Date, now: Date): Promise<boolean>;
}

export function postgresSolvedChallenges(pool: DatabasePool): SolvedChallenges {
  return {
    async claim(nonce, expiresAt, now) {
      // One statement: the claim, and a sweep of rows whose challenge has expired (the shop's clock, which signs
      // the expiry, decides); a replay of an expired challenge is refused before it comes here.
      const claimed = await pool.maybeOneFirst(sql.unsafe`
        with swept as (
          delete from human_check_solutions where nonce in (
            select nonce from human_check_solutions where expires_at < ${now.toISOString()}
             order by expires_at limit ${SWEEP_BATCH} for update skip locked))
        insert into human_check_solutions (nonce, expires_at) values (${nonce}, ${expiresAt.toISOString()})
        on conflict (nonce) do nothing
        returning nonce`);
      return claimed !== null;
    },
  };
}
