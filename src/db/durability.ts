import pg from 'pg';

/**
 * A production shop must not run its event store on a Postgres that can lose committed transactions:
 * fsync=off or synchronous_commit other than on (an acknowledged order could vanish in a crash).
 */
export async function assertDurable(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const fsync = (await client.query<{ fsync: string }>('show fsync')).rows[0].fsync;
    const commit = (await client.query<{ synchronous_commit: string }>('show synchronous_commit')).rows[0].synchronous_commit;
    if (fsync !== 'on' || commit !== 'on') {
      throw new Error(`Postgres must run with fsync=on and synchronous_commit=on in production (it has fsync=${fsync}, synchronous_commit=${commit})`);
    }
  } finally {
    await client.end();
  }
}
