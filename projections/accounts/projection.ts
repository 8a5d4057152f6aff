import { sql } from 'slonik';
import type { StoredEvent } from '../../src/eventstore/types';
import type { Projection, ProjectionContext } from '../../src/projections/types';
import type { PersonalDataErased } from '../../modules/privacy';
import { ERASED, idInSubject } from '../../src/personal-data';
import { ACCOUNT_EVENT_TYPES, accountIdOf, evolveAccount, initialAccountState, type AccountEvent, type AccountState } from '../../modules/account';

/**
 * The `users` table: one row per login, folded with the account module's own evolve (the state is kept in
 * `state`, the columns are what the screens and the session check read).
 */
export const accountsProjection: Projection = {
  name: 'accounts',
  eventTypes: [...ACCOUNT_EVENT_TYPES, 'PersonalDataErased'],
  tables: ['users'],
  async apply(stored: StoredEvent, { tx, publish }) {
    if (stored.type === 'PersonalDataErased') return eraseLogin(tx, (stored.data as PersonalDataErased['data']).subject);
    const event = { type: stored.type, data: stored.data } as AccountEvent;
    const id = accountIdOf(stored.stream);
    const previous = ((await tx.maybeOneFirst(sql.unsafe`select state from users where id = ${id}`)) as AccountState | null) ?? initialAccountState;
    const next = evolveAccount(previous, event);
    if (next.status === 'none') return;
    const { account } = next;
    const lastLogin = event.type === 'LoggedIn' ? stored.metadata.at : null;
    await tx.query(sql.unsafe`
      insert into users (id, email, role, status, must_change_password, totp_enabled, invited_until, last_login_at, state, created_at)
      values (${id}, ${account.email}, ${account.role}, ${next.status}, ${account.mustChangePassword}, ${account.totp},
              ${account.invitation?.expiresAt ?? null}, ${lastLogin}, ${sql.jsonb(next as never)}, ${stored.metadata.at})
      on conflict (id) do update set
        email = excluded.email, role = excluded.role, status = excluded.status,
        must_change_password = excluded.must_change_password, totp_enabled = excluded.totp_enabled,
        invited_until = excluded.invited_until, state = excluded.state,
        last_login_at = coalesce(excluded.last_login_at, users.last_login_at)`);
    // Every instance's hub ends the person's live streams (src/live/hub.ts): disabled, or the password changed
    // (its other sessions ended; the one that changed it reconnects under its new id).
    if (event.type === 'AccountDisabled' || event.type === 'PasswordSet' || event.type === 'PasswordReset') await publish('orders', 'AccessEnded', { accountId: id });
  },
};

/** A login's person reads "[erased]", in its columns and in its folded state. */
async function eraseLogin(tx: ProjectionContext['tx'], subject: string) {
  const id = idInSubject(subject, 'customer');
  if (!id) return;
  await tx.query(sql.unsafe`
    update users set email = ${ERASED}, state = jsonb_set(state, '{account,email}', to_jsonb(${ERASED}::text)) where id = ${id}`);
}
