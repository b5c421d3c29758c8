// Template databases for the server suites. Creating a PGlite database (initdb), migrating and seeding it
// costs about 3 s; starting one from a dump of an already migrated (and seeded) database costs well under
// one. On PostgreSQL, migrating and seeding a new schema costs the server as much again; a database copied
// from a template database (CREATE DATABASE … TEMPLATE) is a file copy. The project's globalSetup
// (global-setup.ts) builds both kinds once per run and hands them to the suites through vitest's
// provide/inject; helpers.ts starts every test database from one of them.
import { randomBytes } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import pino from 'pino';
import { seed } from '../../src/bootstrap/seed.js';
import { openDatabase } from '../../src/db/client.js';
import { usePasswordHashing } from '../../src/lib/password.js';
import { paths } from '../../src/paths.js';
import { onServer, postgresUrlOf } from './postgres-server.js';

export { onServer, postgresUrlOf } from './postgres-server.js';

export type TemplateName = 'migrated' | 'seeded';
export type TemplateFiles = Record<TemplateName, string>;

/** The administrator every seeded test database has (password hashed at the minimal cost). */
export const TEMPLATE_ADMIN = { username: 'admin', password: 'Admin#Test-2026' } as const;

/** PostgreSQL template databases (names) and the schema the tables live in, in each of them. */
export interface PostgresTemplates {
  databases: Record<TemplateName, string>;
  schema: string;
  /** Every database of this run starts with it (the copies get `<prefix>_t_<random>`). */
  prefix: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** Paths of the PGlite template dumps; absent when the suites run without the project's globalSetup. */
    pgliteTemplates?: TemplateFiles;
    /** The PostgreSQL template databases; absent without TEST_DATABASE_URL or the globalSetup. */
    postgresTemplates?: PostgresTemplates;
  }
}

/** Builds the two dumps into `dir`: after the migrations, and after the migrations and the seed. */
export async function writeTemplates(dir: string): Promise<TemplateFiles> {
  usePasswordHashing('minimal');
  const database = await openDatabase(
    { kind: 'pglite', dataDir: null },
    { migrationsFolder: paths.migrations },
  );
  try {
    await database.migrate();
    const files = { migrated: join(dir, 'migrated.tar'), seeded: join(dir, 'seeded.tar') };
    const dump = async (file: string): Promise<void> => {
      const blob = await database.pglite!.dumpDataDir('none');
      writeFileSync(file, Buffer.from(await blob.arrayBuffer()));
    };
    await dump(files.migrated);
    await seed(database.db, {
      adminUsername: TEMPLATE_ADMIN.username,
      adminPassword: TEMPLATE_ADMIN.password,
      dataDir: null,
      localesRoot: paths.locales,
      log: pino({ level: 'silent' }),
    });
    await dump(files.seeded);
    return files;
  } finally {
    await database.close();
  }
}

/** The schema of the PostgreSQL templates, and so of every test database copied from them. */
const POSTGRES_TEMPLATE_SCHEMA = 'sunfleet_test';
/** Prefix of this run's database names (templates and copies), so a run cleans up only its own. */
export const postgresRunPrefix = (): string => `sft_${randomBytes(4).toString('hex')}`;

/**
 * Builds the two PostgreSQL template databases on the server of `url`: `<prefix>_migrated` and
 * `<prefix>_seeded` (a copy of the first, then seeded). Nothing stays connected to them afterwards, as
 * CREATE DATABASE … TEMPLATE requires.
 */
export async function writePostgresTemplates(url: string, prefix: string): Promise<PostgresTemplates> {
  usePasswordHashing('minimal');
  const databases = { migrated: `${prefix}_migrated`, seeded: `${prefix}_seeded` };
  const schema = POSTGRES_TEMPLATE_SCHEMA;
  const open = async (name: string) => {
    const target = { kind: 'postgres' as const, url: postgresUrlOf(url, name), schema, poolSize: 1 };
    return openDatabase(target, { migrationsFolder: paths.migrations });
  };
  await onServer(url, (c) => c.query(`create database ${databases.migrated}`));
  await onServer(postgresUrlOf(url, databases.migrated), (c) => c.query(`create schema ${schema}`));
  const migrated = await open(databases.migrated);
  try {
    await migrated.migrate();
  } finally {
    await migrated.close();
  }
  await onServer(url, (c) => c.query(`create database ${databases.seeded} template ${databases.migrated}`));
  const seeded = await open(databases.seeded);
  try {
    await seed(seeded.db, {
      adminUsername: TEMPLATE_ADMIN.username,
      adminPassword: TEMPLATE_ADMIN.password,
      dataDir: null,
      localesRoot: paths.locales,
      log: pino({ level: 'silent' }),
    });
  } finally {
    await seeded.close();
  }
  return { databases, schema, prefix };
}

/** Drops every database of this run (templates and the copies a crashed suite left behind). */
export async function dropPostgresDatabases(url: string, prefix: string): Promise<void> {
  await onServer(url, async (c) => {
    const { rows } = await c.query<{ datname: string }>(
      `select datname from pg_database where datname like $1 order by datname desc`,
      [`${prefix}%`],
    );
    for (const { datname } of rows) await c.query(`drop database if exists ${datname} with (force)`);
  });
}

const loaded = new Map<string, Blob>();

/** A template dump as PGlite's `loadDataDir` takes it (read once per test file). */
export function templateBlob(file: string): Blob {
  let blob = loaded.get(file);
  if (blob === undefined) {
    blob = new Blob([readFileSync(file)], { type: 'application/x-tar' });
    loaded.set(file, blob);
  }
  return blob;
}
