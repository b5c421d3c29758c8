// Type-checks every workspace with its own tsconfig (server and web need different libs).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const projects = [
  'packages/contracts',
  'packages/domain',
  'apps/server',
  'apps/web',
  'apps/sim',
  'e2e',
  'bench',
];
let failed = false;
for (const dir of projects) {
  if (!existsSync(`${dir}/tsconfig.json`)) continue;
  const r = spawnSync(process.execPath, ['node_modules/typescript/bin/tsc', '-p', dir], { stdio: 'inherit' });
  if (r.status !== 0) failed = true;
  else console.log(`typecheck ${dir}: ok`);
}
process.exit(failed ? 1 : 0);
