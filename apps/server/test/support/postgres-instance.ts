// A PostgreSQL server of its own, from the machine's PostgreSQL binaries (initdb, pg_ctl), in a temporary
// directory on a free port: for runs that stop, crash and start the database (the chaos suite,
// backup drills) without touching the machine's PostgreSQL that other suites share.
import { execFile } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { freePort } from '../broker-support.js';

const run = promisify(execFile);

/** The newest installed PostgreSQL's binaries (Debian: /usr/lib/postgresql/<major>/bin), or null. */
export function postgresBinDir(): string | null {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return null;
  const majors = readdirSync(root)
    .filter((name) => /^\d+$/.test(name) && existsSync(join(root, name, 'bin', 'pg_ctl')))
    .sort((a, b) => Number(b) - Number(a));
  return majors[0] === undefined ? null : join(root, majors[0], 'bin');
}

export interface PostgresInstance {
  /** postgres://postgres@127.0.0.1:PORT/postgres */
  readonly url: string;
  readonly port: number;
  /** Stops the server: `immediate` is a crash (no checkpoint; recovery replays the WAL at the next start). */
  stop(mode?: 'fast' | 'immediate'): Promise<void>;
  /** Starts it again on the same port and data directory; resolves when it accepts connections. */
  start(): Promise<void>;
  /** Stops it (if running) and deletes its directory. */
  dispose(): Promise<void>;
  /** The server's log so far. */
  log(): Promise<string>;
}

/**
 * Creates and starts a private server. As root the binaries run as the `postgres` user (PostgreSQL
 * refuses root), which then owns the directory. `fsync=off`: the faults played here are process crashes,
 * not power cuts, and the operating system keeps every write a crashed server made.
 */
export async function startPostgresInstance(): Promise<PostgresInstance> {
  const bin = postgresBinDir();
  if (bin === null) throw new Error('no PostgreSQL binaries under /usr/lib/postgresql');
  const dir = mkdtempSync(join(tmpdir(), 'sunfleet-pg-'));
  const data = join(dir, 'data');
  const port = await freePort();
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    const { stdout } = await run('id', ['-u', 'postgres']);
    const { stdout: gid } = await run('id', ['-g', 'postgres']);
    chownSync(dir, Number(stdout.trim()), Number(gid.trim()));
  }
  const pgRun = (tool: string, args: string[]) =>
    asRoot ? run('runuser', ['-u', 'postgres', '--', join(bin, tool), ...args]) : run(join(bin, tool), args);
  await pgRun('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync']);
  const options = [
    `-p ${port}`,
    `-k ${dir}`,
    "-c listen_addresses='127.0.0.1'",
    '-c fsync=off',
    '-c full_page_writes=off',
    '-c max_connections=200',
  ].join(' ');
  const logFile = join(dir, 'server.log');
  let running = false;
  const instance: PostgresInstance = {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    start: async () => {
      await pgRun('pg_ctl', ['-D', data, '-o', options, '-l', logFile, '-w', '-t', '60', 'start']);
      running = true;
    },
    stop: async (mode = 'fast') => {
      if (!running) return;
      await pgRun('pg_ctl', ['-D', data, '-m', mode, '-w', 'stop']);
      running = false;
    },
    dispose: async () => {
      await instance.stop('immediate').catch(() => undefined);
      rmSync(dir, { recursive: true, force: true });
    },
    log: () => readFile(logFile, 'utf8').catch(() => ''),
  };
  await instance.start();
  return instance;
}

/** Creates database `name` on the instance and returns its URL. */
export async function createInstanceDatabase(instance: PostgresInstance, name: string): Promise<string> {
  const client = new pg.Client({ connectionString: instance.url });
  await client.connect();
  try {
    await client.query(`create database ${name}`);
  } finally {
    await client.end();
  }
  const u = new URL(instance.url);
  u.pathname = `/${name}`;
  return u.toString();
}
