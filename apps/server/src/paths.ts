import { basename, dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

// This file sits at apps/server/src/paths.ts and is bundled into apps/server/dist/main.js: both one level
// below apps/server, so the same relative paths hold in development and in the built server.
const here = dirname(fileURLToPath(import.meta.url));
const serverRoot = resolve(here, '..');

export const paths = {
  serverRoot,
  migrations: resolve(serverRoot, 'drizzle'),
  webDist: resolve(serverRoot, '../web/dist'),
  locales: resolve(serverRoot, '../../packages/contracts/locales'),
  openapiDoc: resolve(serverRoot, '../../docs/openapi.json'),
  repoRoot: resolve(serverRoot, '../..'),
  /** The `sim` service's default fleet file (read as data; the server never imports simulator code). */
  demoFleet: resolve(serverRoot, '../sim/fleets/demo.json'),
  /** The simulator CLI: bundled (`npm run build`), or its sources for tsx in development and tests. */
  simDist: resolve(serverRoot, '../sim/dist/cli.js'),
  simSource: resolve(serverRoot, '../sim/src/cli.ts'),
  /** True when this code runs from the bundle (dist/main.js) rather than from the sources through tsx. */
  bundled: basename(here) === 'dist',
} as const;
