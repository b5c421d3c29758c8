import pino from 'pino';
import { buildApp } from './app.js';
import { loadConfig } from './config/config.js';
import { openDatabase } from './db/client.js';
import { paths } from './paths.js';

/**
 * The OpenAPI document as checked in at docs/openapi.json: generated from the route schemas of an app
 * built with fixed settings, so that it changes only when the API does.
 */
export async function renderOpenApiDocument(version: string): Promise<string> {
  const database = await openDatabase(
    { kind: 'pglite', dataDir: null },
    { migrationsFolder: paths.migrations },
  );
  const app = await buildApp({
    config: loadConfig({ SERVICES: 'api', LOG_LEVEL: 'silent', PUBLIC_URL: 'http://localhost:8080' }),
    database,
    clock: { now: () => new Date(0) },
    logger: pino({ level: 'silent' }),
    brokerState: () => 'disabled',
    version,
    webDist: '/nonexistent',
  });
  try {
    await app.ready();
    return `${JSON.stringify(app.swagger(), null, 2)}\n`;
  } finally {
    await app.close();
    await database.close();
  }
}
