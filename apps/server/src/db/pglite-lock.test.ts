import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DataDirInUseError, LOCK_STALE_MS, lockDataDir, lockFileOf } from './pglite-lock.js';

const tmp = mkdtempSync(join(tmpdir(), 'sunfleet-lock-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));
let n = 0;
const dataDir = (): string => join(tmp, `pglite-${n++}`);
const holder = (pid: number, host = hostname()): string =>
  JSON.stringify({ pid, host, since: '2026-06-01T08:00:00.000Z' });
/** A pid that ran and has ended. */
const endedPid = (): number => spawnSync(process.execPath, ['-e', '0']).pid;

describe('the lock of an embedded data directory', () => {
  it('is held while open and gone after release; a second open in this process is refused', () => {
    const dir = dataDir();
    const release = lockDataDir(dir);
    expect(JSON.parse(readFileSync(lockFileOf(dir), 'utf8'))).toMatchObject({
      pid: process.pid,
      host: hostname(),
    });
    expect(() => lockDataDir(dir)).toThrow(`${dir} is already open in this process`);
    release();
    expect(existsSync(lockFileOf(dir))).toBe(false);
    lockDataDir(dir)();
  });

  it('refuses while another live process on this host holds it, naming it and the file', () => {
    const dir = dataDir();
    writeFileSync(lockFileOf(dir), holder(process.ppid));
    expect(() => lockDataDir(dir)).toThrow(DataDirInUseError);
    expect(() => lockDataDir(dir)).toThrow(
      `${dir} is open in process ${process.ppid} (since 2026-06-01T08:00:00.000Z): stop that process first ` +
        `(if it does not run any more, delete ${lockFileOf(dir)})`,
    );
    expect(readFileSync(lockFileOf(dir), 'utf8')).toBe(holder(process.ppid));
  });

  it('takes over what a crash left: an ended pid, its own pid from a previous life, an empty file', () => {
    for (const left of [holder(endedPid()), holder(process.pid), '']) {
      const dir = dataDir();
      writeFileSync(lockFileOf(dir), left);
      const release = lockDataDir(dir);
      expect(JSON.parse(readFileSync(lockFileOf(dir), 'utf8'))).toMatchObject({ pid: process.pid });
      release();
    }
  });

  it('from another host: refused while refreshed, taken over once stale', () => {
    const dir = dataDir();
    writeFileSync(lockFileOf(dir), holder(1, 'other-host'));
    expect(() => lockDataDir(dir)).toThrow(/is open in process 1 on host other-host .*seen 0 s ago/);
    const old = new Date(Date.now() - LOCK_STALE_MS - 1_000);
    utimesSync(lockFileOf(dir), old, old);
    lockDataDir(dir)();
  });

  it('release leaves a file that names another holder', () => {
    const dir = dataDir();
    const release = lockDataDir(dir);
    writeFileSync(lockFileOf(dir), holder(process.ppid));
    release();
    expect(readFileSync(lockFileOf(dir), 'utf8')).toBe(holder(process.ppid));
  });
});
