import fs from 'node:fs';
import path from 'node:path';

/**
 * The clusters a root-run shop keeps under the system home (see embedded-postgres.ts), each beside a note of the
 * DATA_DIR it belongs to. A shop whose data folder was deleted leaves its cluster behind; a start lists such
 * clusters and `npm run reset -- --orphans` removes them. Nothing here deletes on its own: a data folder that was
 * moved or is on an unmounted disk looks gone too.
 */
export interface ClusterHome {
  /** The folder under `<systemHome>/clusters` holding the cluster, its socket and the note. */
  home: string;
  /** The DATA_DIR its note names, or undefined when the note is missing. */
  dataDir: string | undefined;
  /** A Postgres still runs on it (its postmaster.pid names a live process). */
  running: boolean;
}

/** The note a root start leaves in DATA_DIR, saying where its cluster lives. */
export const CLUSTER_NOTE = 'cluster-location.txt';

export function writeClusterNotes(dataDir: string, home: string): void {
  fs.writeFileSync(path.join(home, 'DATA_DIR'), `${path.resolve(dataDir)}\n`);
  fs.writeFileSync(
    path.join(dataDir, CLUSTER_NOTE),
    `This shop was started as root: its Postgres cluster is kept in ${home}\n` +
      'Postgres may not run as root, and the postgres user may not enter this folder. `npm run reset` removes both.\n',
  );
}

function isLive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** A live Postgres holds this cluster (its postmaster.pid names a running process). */
export function postmasterRuns(clusterDir: string): boolean {
  const file = path.join(clusterDir, 'postmaster.pid');
  if (!fs.existsSync(file)) return false;
  const pid = Number(fs.readFileSync(file, 'utf8').split('\n')[0]);
  return Number.isInteger(pid) && pid > 0 && isLive(pid);
}

export function clusterHomes(systemHome: string): ClusterHome[] {
  const clusters = path.join(systemHome, 'clusters');
  if (!fs.existsSync(clusters)) return [];
  return fs.readdirSync(clusters, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => {
      const home = path.join(clusters, entry.name);
      const note = path.join(home, 'DATA_DIR');
      const dataDir = fs.existsSync(note) ? fs.readFileSync(note, 'utf8').trim() || undefined : undefined;
      return { home, dataDir, running: postmasterRuns(path.join(home, 'pg')) };
    });
}

/** Clusters whose data folder no longer exists (or that never noted one), and that no Postgres runs on. */
export function orphanClusters(systemHome: string): ClusterHome[] {
  return clusterHomes(systemHome).filter((cluster) => !cluster.running && (!cluster.dataDir || !fs.existsSync(cluster.dataDir)));
}
