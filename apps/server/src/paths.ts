import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

// This file sits at apps/server/src/paths.ts and is bundled into apps/server/dist/main.js: both one level
// below apps/server, so the same relative paths hold in development and in the built server.
const serverRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');

export const paths = {
  serverRoot,
  migrations: resolve(serverRoot, 'drizzle'),
  webDist: resolve(serverRoot, '../web/dist'),
  locales: resolve(serverRoot, '../../packages/contracts/locales'),
  openapiDoc: resolve(serverRoot, '../../docs/openapi.json'),
} as const;
