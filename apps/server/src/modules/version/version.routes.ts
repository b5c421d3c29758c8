import { readFile } from 'node:fs/promises';
import { VersionInfo, type ChangelogEntry } from '@sunfleet/contracts';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Db } from '../../db/client.js';
import { ok, responses } from '../../lib/envelope.js';
import { parseChangelog } from './changelog.js';
import { readJournal, schemaVersion } from './schema-version.js';

export interface VersionDeps {
  db: Db;
  version: string;
  migrationsFolder: string;
  changelogFile: string;
}

/** Version information for the console's /softwareVersion page (docs/operations.md "Version information"). */
export const versionRoutes: FastifyPluginAsyncTypebox<VersionDeps> = async (app, deps) => {
  const journal = readJournal(deps.migrationsFolder);
  let changelog: Promise<ChangelogEntry[]> | null = null;
  const loadChangelog = (): Promise<ChangelogEntry[]> =>
    (changelog ??= readFile(deps.changelogFile, 'utf8').then(parseChangelog, () => []));

  app.get(
    '/version',
    {
      // Any signed-in user (the page has no permission); not public: the schema version and changelog
      // tell an outsider which fixes a server lacks. The bare server version stays public in /config.
      schema: {
        tags: ['system'],
        summary: 'Server version, database schema version (newest migration applied) and the changelog',
        response: responses(VersionInfo),
      },
    },
    async () =>
      ok({
        server: deps.version,
        schema: await schemaVersion(deps.db, journal),
        changelog: await loadChangelog(),
      }),
  );
};
