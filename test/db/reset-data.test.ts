import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { orphanClusters } from '../../src/db/cluster-homes';
import { systemClusterHome } from '../../src/db/embedded-postgres';
import { resetData, type ResetRequest } from '../../src/db/reset-data';

/** Issue 38 item 8: `npm run reset` and `npm run reset -- --orphans`, on a system home of the test's own. */
describe('resetting a shop and its clusters', () => {
  let root: string;
  let systemHome: string;
  let printed: string[];

  function clusterFor(dataDir: string): string {
    const home = systemClusterHome(dataDir, systemHome);
    fs.mkdirSync(path.join(home, 'pg'), { recursive: true });
    fs.writeFileSync(path.join(home, 'pg', 'PG_VERSION'), '18\n');
    fs.writeFileSync(path.join(home, 'DATA_DIR'), `${dataDir}\n`);
    return home;
  }

  function request(overrides: Partial<ResetRequest>): ResetRequest {
    return { dataDir: path.join(root, 'none'), systemHome, orphans: false, runAsRoot: true, print: (line) => printed.push(line), confirm: async () => true, ...overrides };
  }

  beforeEach(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-reset-'));
    systemHome = path.join(root, 'system');
    printed = [];
  });
  afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

  it('removes only the clusters whose data folder is gone, after printing them', async () => {
    const kept = path.join(root, 'kept', '.data');
    fs.mkdirSync(kept, { recursive: true });
    const keptHome = clusterFor(kept);
    const goneHome = clusterFor(path.join(root, 'gone', '.data'));
    // A Postgres still running on a cluster is never an orphan, whatever its note says.
    const runningHome = clusterFor(path.join(root, 'also-gone', '.data'));
    fs.writeFileSync(path.join(runningHome, 'pg', 'postmaster.pid'), `${process.pid}\n`);

    expect(orphanClusters(systemHome).map((cluster) => cluster.home)).toEqual([goneHome]);
    const confirmed: string[][] = [];
    const deleted = await resetData(request({ orphans: true, confirm: async () => (confirmed.push([...printed]), true) }));

    expect(deleted).toEqual([goneHome]);
    expect(confirmed[0]).toEqual(['These clusters belong to data folders that no longer exist, and will be deleted:', `  ${goneHome}`]);
    expect([fs.existsSync(goneHome), fs.existsSync(keptHome), fs.existsSync(runningHome)]).toEqual([false, true, true]);
  });

  it('deletes nothing when the answer is no', async () => {
    const goneHome = clusterFor(path.join(root, 'gone', '.data'));
    expect(await resetData(request({ orphans: true, confirm: async () => false }))).toEqual([]);
    expect(printed.at(-1)).toBe('Nothing was deleted.');
    expect(fs.existsSync(goneHome)).toBe(true);
  });

  it("removes a shop's data folder and its cluster under the system home", async () => {
    const dataDir = path.join(root, 'shop', '.data');
    fs.mkdirSync(path.join(dataDir, 'uploads'), { recursive: true });
    const home = clusterFor(dataDir);
    const other = clusterFor(path.join(root, 'other-shop', '.data'));

    expect(await resetData(request({ dataDir }))).toEqual([dataDir, home]);
    expect([fs.existsSync(dataDir), fs.existsSync(home), fs.existsSync(other)]).toEqual([false, false, true]);
  });

  it('refuses while the shop runs, and deletes nothing', async () => {
    const dataDir = path.join(root, 'shop', '.data');
    fs.mkdirSync(dataDir, { recursive: true });
    const live = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)']);
    try {
      fs.writeFileSync(path.join(dataDir, 'app.pid'), String(live.pid));
      await expect(resetData(request({ dataDir }))).rejects.toThrow(`The shop is running on ${dataDir} (pid ${live.pid}): stop it first, then reset.`);
      expect(fs.existsSync(dataDir)).toBe(true);
    } finally {
      live.kill();
    }
  });
});
