// Type-checks every workspace with its own tsconfig (server and web need different libs) in one `tsc -b`:
// contracts, domain, server and sim are composite projects the others reference, so each is checked once
// and its dependents read its emitted declarations (node_modules/.cache/tsc) instead of checking its
// sources again. Incremental: a second run checks only what changed.
import { spawnSync } from 'node:child_process';
import { PROJECTS } from './projects.mjs';

const projects = PROJECTS;
const r = spawnSync(process.execPath, ['node_modules/typescript/bin/tsc', '-b', ...projects], {
  stdio: 'inherit',
});
if (r.status === 0) console.log(`typecheck ${projects.join(', ')}: ok`);
process.exit(r.status ?? 1);
