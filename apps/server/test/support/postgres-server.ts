// Talking to the PostgreSQL server of TEST_DATABASE_URL as its administrator: creating and dropping the
// databases the suites use. Only `pg`: the e2e project's setup (e2e/support/shared-database.ts) uses it too.
import pg from 'pg';

/** `url` with its database replaced by `database`. */
export function postgresUrlOf(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

/** Runs `statements` on a connection of its own to the server's maintenance database of `url`. */
export async function onServer<T>(url: string, run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}
