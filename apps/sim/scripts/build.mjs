// Bundles the simulator CLI into dist/cli.js for the server's `sim` service (`npm start` needs no tsx at
// run time): our workspace packages are compiled in, third-party packages stay external and load from
// node_modules. Type checking is `npm run typecheck`'s job, not the bundler's.
import { readFileSync } from 'node:fs';
import { build } from 'esbuild';

const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
const external = Object.keys({ ...pkg.dependencies, ...pkg.devDependencies }).filter(
  (d) => !d.startsWith('@sunfleet/'),
);

await build({
  entryPoints: { cli: 'src/cli.ts' },
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  // typebox is reached through @sunfleet/contracts (its dependency, hoisted to the root node_modules).
  external: [...external, 'typebox', 'typebox/*'],
  logLevel: 'warning',
  banner: {
    js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
  },
});
console.log('built apps/sim/dist/cli.js');
