// Who has the embedded database open. PGlite has no lock of its own: with 0.5 a second process opens a
// data directory another one has open, both write to it, and the first to close removes the other's
// postmaster.pid (which holds no real pid anyway). So every process that opens DATA_DIR/pglite — the
// server, the operator CLI — holds DATA_DIR/pglite.lock while it has it open (docs/backup.md).
//
// The file names its holder (pid, host name, start). On the same host a holder whose pid no longer runs
// left it behind (a crash, SIGKILL) and it is taken over; a file naming this very pid is a previous life
// of it (a container's pid 1 after a restart). From another host the pid cannot be checked (containers
// sharing a volume), so the holder touches the file every LOCK_REFRESH_MS and a file older than
// LOCK_STALE_MS counts as left behind.
import { readFileSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { resolve } from 'node:path';

export const LOCK_REFRESH_MS = 15_000;
export const LOCK_STALE_MS = 120_000;

/** Lock files this process holds: its own pid in a file means a previous life only when not in here. */
const heldHere = new Set<string>();

/** The data directory is open in another process (exit code 75 in the CLI and the server). */
export class DataDirInUseError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DataDirInUseError';
  }
}

export interface LockHolder {
  pid: number;
  host: string;
  since: string;
}

/** The lock file of a PGlite data directory: beside it, so a copy of the directory never carries it. */
export const lockFileOf = (dataDir: string): string => `${resolve(dataDir)}.lock`;

function readHolder(file: string): LockHolder | null {
  try {
    const parsed = JSON.parse(readFileSync(file, 'utf8')) as Partial<LockHolder>;
    if (typeof parsed.pid !== 'number' || typeof parsed.host !== 'string' || typeof parsed.since !== 'string')
      return null;
    return { pid: parsed.pid, host: parsed.host, since: parsed.since };
  } catch {
    return null;
  }
}

function running(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: it runs, as another user.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Why `holder` still holds the lock, or null when the file was left behind. */
function stillHeld(file: string, holder: LockHolder, now: number): string | null {
  if (holder.host === hostname()) {
    if (holder.pid === process.pid || !running(holder.pid)) return null;
    return `process ${holder.pid} (since ${holder.since})`;
  }
  let age: number;
  try {
    age = now - statSync(file).mtimeMs;
  } catch {
    return null;
  }
  if (age > LOCK_STALE_MS) return null;
  return (
    `process ${holder.pid} on host ${holder.host} (since ${holder.since}, seen ${Math.round(age / 1000)} s ago; ` +
    `a lock from another host counts as left behind ${LOCK_STALE_MS / 1000} s after its last refresh)`
  );
}

/**
 * Takes the lock of `dataDir` for this process, or throws DataDirInUseError naming the holder. Returns
 * the release, which removes the file only while it still names this process.
 */
export function lockDataDir(dataDir: string, now: () => number = Date.now): () => void {
  const file = lockFileOf(dataDir);
  if (heldHere.has(file)) throw new DataDirInUseError(`${dataDir} is already open in this process`);
  const mine: LockHolder = { pid: process.pid, host: hostname(), since: new Date(now()).toISOString() };
  const text = `${JSON.stringify(mine)}\n`;
  // Two tries: the second after removing a file that was left behind. Two processes taking over the same
  // left-behind file at the same instant could both succeed; starts are not that close in practice.
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      writeFileSync(file, text, { flag: 'wx', mode: 0o644 });
      return holdLock(file, mine);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
    const holder = readHolder(file);
    // An unreadable file is one a crash cut short (it is written in one call right after its creation).
    const held = holder === null ? null : stillHeld(file, holder, now());
    if (held !== null)
      throw new DataDirInUseError(
        `${dataDir} is open in ${held}: stop that process first ` +
          `(if it does not run any more, delete ${file})`,
      );
    rmSync(file, { force: true });
  }
  throw new DataDirInUseError(`${dataDir}: another process took ${file} at the same time; try again`);
}

function holdLock(file: string, mine: LockHolder): () => void {
  heldHere.add(file);
  const refresh = setInterval(() => {
    const at = new Date();
    try {
      utimesSync(file, at, at);
    } catch {
      // Removed by hand: nothing to refresh; the data directory stays open in this process regardless.
    }
  }, LOCK_REFRESH_MS);
  refresh.unref();
  let released = false;
  return () => {
    if (released) return;
    released = true;
    clearInterval(refresh);
    heldHere.delete(file);
    const holder = readHolder(file);
    if (
      holder !== null &&
      holder.pid === mine.pid &&
      holder.host === mine.host &&
      holder.since === mine.since
    )
      rmSync(file, { force: true });
  };
}
