// Builds the web console, the server and the simulator when an output is missing or any source is newer than the last
// build. Used by `npm start`, by the end-to-end suites and by the server suites that start the built server
// (apps/server/test/support/built-server.ts); `node scripts/build-if-stale.mjs` runs it from a shell.
// Callers in several processes at once (CI's e2e lane beside the server suites, two test workers) take
// turns through a lock file: one builds, the others wait and then find the build fresh.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const root = resolve(import.meta.dirname, '..');
const sources = [
  'apps/server/src',
  'apps/server/drizzle',
  'apps/web/src',
  'apps/web/index.html',
  'apps/web/public',
  'apps/web/vite.config.ts',
  'apps/sim/src',
  'apps/sim/scripts',
  'packages/contracts',
  'packages/domain',
  'package-lock.json',
];
const outputs = [
  'apps/server/dist/main.js',
  'apps/server/dist/cli.js',
  'apps/web/dist/index.html',
  'apps/sim/dist/cli.js',
];
const stamp = join(root, '.build-stamp');
const lock = join(root, '.build-lock');

function newest(path) {
  if (!existsSync(path)) return 0;
  const st = statSync(path);
  if (!st.isDirectory()) return st.mtimeMs;
  let max = st.mtimeMs;
  for (const entry of readdirSync(path)) {
    if (entry === 'node_modules' || entry === 'dist') continue;
    max = Math.max(max, newest(join(path, entry)));
  }
  return max;
}

/** Whether the process that wrote the lock (its pid, or nothing yet) may still hold it. */
function holderAlive() {
  let pid;
  try {
    pid = Number(readFileSync(lock, 'utf8'));
  } catch {
    return true; // gone between the failed create and this read: try again
  }
  if (!Number.isInteger(pid) || pid <= 0) return true; // created, pid not written yet
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return err.code === 'EPERM';
  }
}

/** Runs `fn` holding the build lock; waits (10 minutes at most) while another process holds it. */
function withLock(fn) {
  const deadline = Date.now() + 600_000;
  const pause = new Int32Array(new SharedArrayBuffer(4));
  for (;;) {
    try {
      writeFileSync(lock, String(process.pid), { flag: 'wx' });
      break;
    } catch (err) {
      if (err.code !== 'EEXIST') throw err;
    }
    // A holder that died (killed mid-build) leaves its lock behind: taken over.
    if (!holderAlive()) rmSync(lock, { force: true });
    else if (Date.now() > deadline) throw new Error(`another build still holds ${lock} after 10 minutes`);
    else Atomics.wait(pause, 0, 0, 200);
  }
  try {
    return fn();
  } finally {
    rmSync(lock, { force: true });
  }
}

/** @returns {boolean} whether a build ran */
export function buildIfStale({ quiet = false } = {}) {
  return withLock(() => buildUnlocked(quiet));
}

function buildUnlocked(quiet) {
  const built =
    existsSync(stamp) && outputs.every((o) => existsSync(join(root, o))) ? statSync(stamp).mtimeMs : 0;
  if (built !== 0 && Math.max(...sources.map((s) => newest(join(root, s)))) <= built) return false;
  if (!quiet)
    console.log('Building the web console, the server and the simulator (first start or sources changed)…');
  // A production build whatever the caller's NODE_ENV (Vitest exports 'test', which would bundle the
  // development builds of React and antd).
  const r = spawnSync('npm', ['run', 'build'], {
    cwd: root,
    env: { ...process.env, NODE_ENV: 'production' },
    stdio: quiet ? 'pipe' : 'inherit',
    encoding: 'utf8',
  });
  if (r.status !== 0) throw new Error(`npm run build failed:\n${r.stdout ?? ''}${r.stderr ?? ''}`);
  writeFileSync(stamp, new Date().toISOString());
  return true;
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  try {
    buildIfStale({ quiet: process.argv.includes('--quiet') });
  } catch (err) {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  }
}
