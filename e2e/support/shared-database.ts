// The shared server's database when the run has a PostgreSQL server (TEST_DATABASE_URL, as in CI): a
// database of its own on that server, dropped when the run ends. Without one the server keeps its embedded
// PGlite under a fresh DATA_DIR, as `npm start` does. Why: the console's screens mean the same on either
// database (the API suites check the dialects), and PGlite's single in-process connection answers a page's
// parallel requests one after another — on CI's two cores the PostgreSQL server boots the shared server in
// a quarter of the CPU and idles at about half (docs/testing.md "The e2e suites' server").
import { onServer, postgresUrlOf } from '../../apps/server/test/support/postgres-server.js';

export interface SharedDatabase {
  url: string;
  drop(): Promise<void>;
}

export async function sharedServerDatabase(
  serverUrl: string | undefined,
): Promise<SharedDatabase | undefined> {
  if (serverUrl === undefined || serverUrl === '') return undefined;
  const name = `sunfleet_e2e_${String(process.pid)}_${String(Date.now())}`;
  await onServer(serverUrl, (c) => c.query(`create database ${name}`));
  return {
    url: postgresUrlOf(serverUrl, name),
    // WITH (FORCE): a connection the stopped server left behind must not keep the database.
    drop: () =>
      onServer(serverUrl, (c) => c.query(`drop database if exists ${name} with (force)`)).then(
        () => undefined,
      ),
  };
}
