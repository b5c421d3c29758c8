import { chmodSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { LANGUAGE_KEYS, NAVIGATION } from '@sunfleet/contracts';
import { eq, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { AppConfig } from '../config/config.js';
import type { Database, Db } from '../db/client.js';
import { companies, roles, users } from '../db/schema.js';
import { generatePassword, hashPassword } from '../lib/password.js';
import { readLocaleFiles } from '../modules/i18n/locale-files.js';
import { NavigationRepository } from '../modules/navigation/navigation.repository.js';
import { TranslationsRepository } from '../modules/i18n/translations.repository.js';
import { seedReferenceData } from '../modules/reference/reference-seed.js';
import { paths } from '../paths.js';
import { seedDeviceRegistry } from './seed-devices.js';
import { seedFaultCodes } from './seed-fault-codes.js';
import {
  DEMO_COMPANIES,
  DEMO_COMPANY_ID,
  DEMO_USERS,
  GUEST_USERNAME,
  PLATFORM_COMPANY_ID,
  ROLE_SEEDS,
} from './seed-data.js';

export interface SeedOptions {
  adminUsername: string;
  adminPassword: string | null;
  /** Where a generated administrator password is written (mode 0600); null: only logged. */
  dataDir: string | null;
  localesRoot: string;
  log: Logger;
}

/**
 * What every start does first: the migrations, then the seed, under the migrations' lock (copies started
 * together on a new database neither migrate nor seed it twice).
 */
export function migrateAndSeed(
  database: Database,
  config: Pick<AppConfig, 'adminUsername' | 'adminPassword'> & { dataDir: string | null },
  log: Logger,
): Promise<void> {
  return database.migrate((db) =>
    seed(db, {
      adminUsername: config.adminUsername,
      adminPassword: config.adminPassword,
      dataDir: config.dataDir,
      localesRoot: paths.locales,
      log,
    }),
  );
}

/**
 * Brings a database to the state this version expects. Idempotent: every start runs it, and only what
 * is missing is added (edited translations and existing passwords are never overwritten).
 */
export async function seed(db: Db, opts: SeedOptions): Promise<void> {
  await db
    .insert(companies)
    .values([
      { id: PLATFORM_COMPANY_ID, type: 'PLATFORM', name: 'Sunfleet', parentId: null },
      {
        id: DEMO_COMPANY_ID,
        type: 'DISTRIBUTOR',
        name: 'Sunfleet Demo (simulated)',
        parentId: PLATFORM_COMPANY_ID,
        simulated: true,
      },
    ])
    .onConflictDoNothing();
  await db.insert(companies).values(DEMO_COMPANIES).onConflictDoNothing();
  // Explicit ids were inserted: move the sequence past them so new companies do not collide. Only ever
  // forward: set back to max(id) on a restart, it would hand a deleted company's id out again.
  await db.execute(
    sql`select setval(s.seq, greatest((select max(id) from companies), coalesce(pg_sequence_last_value(s.seq), 0), 1))
        from (select pg_get_serial_sequence('companies', 'id')::regclass as seq) s`,
  );

  for (const role of ROLE_SEEDS) {
    const { id: _id, ...rest } = role;
    await db.insert(roles).values(role).onConflictDoUpdate({ target: roles.id, set: rest });
  }

  await ensureAdmin(db, opts);
  const guest = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.username}) = ${GUEST_USERNAME}`);
  if (guest.length === 0) {
    await db.insert(users).values({
      username: GUEST_USERNAME,
      passwordHash: null,
      companyId: DEMO_COMPANY_ID,
      roleId: 6,
      description: 'Read-only demo visitor',
    });
  }

  await db
    .insert(users)
    .values(DEMO_USERS.map((u) => ({ ...u, passwordHash: null })))
    .onConflictDoNothing();

  await new NavigationRepository(db).sync(NAVIGATION);
  await seedReferenceData(db, opts.log);
  await seedDeviceRegistry(db);
  const faultCodesAdded = await seedFaultCodes(db);
  if (faultCodesAdded > 0) opts.log.info({ added: faultCodesAdded }, 'built-in fault codes added');

  const tables = readLocaleFiles(opts.localesRoot);
  const repo = new TranslationsRepository(db);
  for (const language of LANGUAGE_KEYS) {
    const added = await repo.seed(language, tables[language]);
    if (added > 0) opts.log.info({ language, added }, 'translation keys added');
  }
}

async function ensureAdmin(db: Db, opts: SeedOptions): Promise<void> {
  const existing = await db.select({ id: users.id }).from(users).where(eq(users.roleId, 1)).limit(1);
  if (existing.length > 0) return;
  const generated = opts.adminPassword === null;
  const password = opts.adminPassword ?? generatePassword();
  await db.insert(users).values({
    username: opts.adminUsername,
    passwordHash: await hashPassword(password),
    companyId: PLATFORM_COMPANY_ID,
    roleId: 1,
    description: 'Platform administrator',
  });
  if (!generated) {
    opts.log.info(
      { username: opts.adminUsername },
      'administrator created with the password from ADMIN_PASSWORD',
    );
    return;
  }
  // Shown once: on the console and in a file only the server's user can read.
  let file: string | null = null;
  if (opts.dataDir !== null) {
    mkdirSync(opts.dataDir, { recursive: true });
    file = join(opts.dataDir, 'admin-password.txt');
    writeFileSync(file, `${opts.adminUsername}\n${password}\n`, { mode: 0o600 });
    chmodSync(file, 0o600);
  }
  process.stdout.write(
    `\n  Administrator created: user name '${opts.adminUsername}', password '${password}'\n` +
      (file ? `  (also written to ${file}; change it after logging in)\n\n` : '\n'),
  );
}
