// Template databases for the server suites. Creating a PGlite database (initdb), migrating and seeding it
// costs about 3 s; starting one from a dump of an already migrated (and seeded) database costs well under
// one. The project's globalSetup (global-setup.ts) builds both dumps once per run and hands their paths to
// the suites through vitest's provide/inject; helpers.ts starts every in-memory database from one of them.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import pino from 'pino';
import { seed } from '../../src/bootstrap/seed.js';
import { openDatabase } from '../../src/db/client.js';
import { usePasswordHashing } from '../../src/lib/password.js';
import { paths } from '../../src/paths.js';

export type TemplateName = 'migrated' | 'seeded';
export type TemplateFiles = Record<TemplateName, string>;

/** The administrator every seeded test database has (password hashed at the minimal cost). */
export const TEMPLATE_ADMIN = { username: 'admin', password: 'Admin#Test-2026' } as const;

declare module 'vitest' {
  export interface ProvidedContext {
    /** Paths of the PGlite template dumps; absent when the suites run without the project's globalSetup. */
    pgliteTemplates?: TemplateFiles;
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
