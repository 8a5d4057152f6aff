import fs from 'node:fs';
import path from 'node:path';
import { orphanClusters, postmasterRuns } from './cluster-homes';
import { owningAppPid, systemClusterHome } from './embedded-postgres';

/** What `npm run reset` is asked to do, and how it talks to the person running it. */
export interface ResetRequest {
  dataDir: string;
  systemHome: string;
  /** Remove the clusters whose data folder no longer exists, instead of this shop's data. */
  orphans: boolean;
  /** Root keeps the cluster under the system home; others keep it inside DATA_DIR. */
  runAsRoot: boolean;
  print(line: string): void;
  /** Asked once the list is printed; nothing is deleted unless it answers true. */
  confirm(): Promise<boolean>;
}

/** The folders a reset would delete, after checking that nothing still uses them. */
function targetsOf(request: ResetRequest): string[] {
  if (request.orphans) return orphanClusters(request.systemHome).map((cluster) => cluster.home);
  const owner = owningAppPid(request.dataDir);
  if (owner !== undefined) throw new Error(`The shop is running on ${request.dataDir} (pid ${owner}): stop it first, then reset.`);
  const home = request.runAsRoot ? systemClusterHome(request.dataDir, request.systemHome) : undefined;
  if (home && postmasterRuns(path.join(home, 'pg'))) {
    throw new Error(`A Postgres left by an earlier run still holds ${home}: start the shop and stop it with Ctrl-C, then reset.`);
  }
  return [request.dataDir, ...(home ? [home] : [])].filter((folder) => fs.existsSync(folder));
}

/** Prints what it will delete, asks, deletes. Returns the folders deleted. */
export async function resetData(request: ResetRequest): Promise<string[]> {
  const targets = targetsOf(request);
  if (targets.length === 0) {
    request.print(request.orphans ? 'No cluster has lost its data folder: nothing to remove.' : `Nothing to remove: ${request.dataDir} has no shop data.`);
    return [];
  }
  request.print(request.orphans ? 'These clusters belong to data folders that no longer exist, and will be deleted:' : 'This deletes the shop\'s data, its keys and its database:');
  for (const target of targets) request.print(`  ${target}`);
  if (!(await request.confirm())) {
    request.print('Nothing was deleted.');
    return [];
  }
  for (const target of targets) fs.rmSync(target, { recursive: true, force: true });
  request.print(`Deleted ${targets.length === 1 ? 'it' : `all ${targets.length}`}.`);
  return targets;
}
