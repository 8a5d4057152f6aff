import pino from 'pino';
import { loadConfig } from '../config';
import { CommandHandler } from '../core/handle-command';
import { openDatabase } from '../db/open-database';
import { createDatabasePool } from '../db/pool';
import { createCredentials } from '../identity/credentials';
import { openEventStore, openPersonalData } from '../server';
import { resetTotp } from '../../modules/account';

/**
 * `npm run reset-totp -- <email>`, run on the server: turns off the one-time codes of a login whose phone is
 * lost when no other admin can (another admin uses the admin screen). The running shop's read model follows
 * within a moment; the person then signs in with the password alone and may turn codes on again.
 */
async function main(email: string | undefined): Promise<void> {
  if (!email) throw new Error('Usage: npm run reset-totp -- <email>');
  const config = loadConfig();
  const database = await openDatabase(config, pino({ level: 'warn' }), { forTool: true });
  const pool = await createDatabasePool(database.url);
  const store = await openEventStore(config, database.url, openPersonalData(config, pool));
  try {
    const context = { actor: 'system', now: new Date().toISOString(), correlationId: 'reset-totp' };
    const { changed } = await resetTotp({ commands: new CommandHandler(store), credentials: createCredentials(pool) }, email, context);
    console.log(changed ? `One-time codes are off for ${email}: they sign in with their password alone.` : `${email} had no one-time codes on.`);
  } finally {
    await store.close();
    await pool.end();
    await database.close();
  }
}

main(process.argv[2]).catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
