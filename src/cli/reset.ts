import readline from 'node:readline/promises';
import { loadConfig } from '../config';
import { SYSTEM_HOME } from '../db/embedded-postgres';
import { resetData } from '../db/reset-data';

/**
 * `npm run reset` deletes this shop's DATA_DIR and its embedded cluster wherever it is kept (under the system home
 * when the shop ran as root); `npm run reset -- --orphans` deletes instead the clusters whose data folder no
 * longer exists, which each start lists in its log. Both print what they will delete and ask first; `--yes`
 * answers for a script.
 */
async function main(args: string[]): Promise<void> {
  const unknown = args.filter((arg) => arg !== '--orphans' && arg !== '--yes');
  if (unknown.length) throw new Error(`Usage: npm run reset [-- --orphans] [-- --yes] (not ${unknown.join(' ')})`);
  const config = loadConfig();
  await resetData({
    dataDir: config.dataDir,
    systemHome: SYSTEM_HOME,
    orphans: args.includes('--orphans'),
    runAsRoot: process.getuid?.() === 0,
    print: (line) => console.log(line),
    confirm: async () => {
      if (args.includes('--yes')) return true;
      if (!process.stdin.isTTY) {
        console.log('Run it again with -- --yes to delete without being asked.');
        return false;
      }
      const prompt = readline.createInterface({ input: process.stdin, output: process.stdout });
      const answer = await prompt.question('Delete? Type yes to go on: ');
      prompt.close();
      return answer.trim().toLowerCase() === 'yes';
    },
  });
}

main(process.argv.slice(2)).catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
