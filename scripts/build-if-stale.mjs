// Builds the web console, the server and the simulator when an output is missing or any source is newer than the last
// build. Used by `npm start` and by the end-to-end suites.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

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

/** @returns {boolean} whether a build ran */
export function buildIfStale({ quiet = false } = {}) {
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
