import { parseArgs } from 'node:util';
import { eq, sql } from 'drizzle-orm';
import pino from 'pino';
import { migrateAndSeed } from './bootstrap/seed.js';
import { ROLE_SEEDS } from './bootstrap/seed-data.js';
import { ConfigError, loadConfig } from './config/config.js';
import { openDatabase } from './db/client.js';
import { backupCommand } from './db/backup-command.js';
import { DataDirInUseError } from './db/pglite-lock.js';
import { companies, users } from './db/schema.js';
import { hashPassword, usePasswordHashing } from './lib/password.js';
import { paths } from './paths.js';
import { join, resolve } from 'node:path';
import { serverMqttUser } from './modules/gateways/broker-auth.routes.js';
import { writeMosquittoFiles, type ServerMqttUser } from './modules/gateways/mosquitto-files.js';

const USAGE = `Sunfleet operator commands (run while the server is stopped when using the embedded PGlite database):
  user:create --username NAME --password PASS [--role ID] [--company ID] [--email ADDR]
  user:password --username NAME --password PASS      set a password and end the user's sessions
  mqtt:mosquitto-files --out DIR [--server-user NAME --server-password PASS]
                      write Mosquitto's passwd and acl files (mode 0600, replaced atomically) from the
                      logger registry; the server user defaults to the one in MQTT_URL
  backup --out FILE [--force]
                      embedded database only: a consistent, compressed copy of DATA_DIR/pglite (mode 0600,
                      written beside FILE and renamed into place; --force replaces an existing FILE)
  restore --from FILE [--force]
                      embedded database only: FILE (made by backup) into DATA_DIR/pglite, which must be
                      empty or absent; --force restores over a database and keeps it as pglite.replaced-TIME
                      (the next server start applies newer migrations; PostgreSQL: pg_dump, docs/backup.md)
Configuration comes from the same environment as the server (DATA_DIR, DATABASE_URL). Exit codes: 64 bad
usage, 75 the embedded database is open in another process (the server), 1 anything else.`;

function openConfiguredDatabase(config: ReturnType<typeof loadConfig>): ReturnType<typeof openDatabase> {
  return openDatabase(
    config.databaseUrl === null
      ? { kind: 'pglite', dataDir: join(config.dataDir, 'pglite') }
      : { kind: 'postgres', url: config.databaseUrl },
    { migrationsFolder: paths.migrations },
  );
}

/** `mqtt:mosquitto-files`: the registry as Mosquitto password and ACL files (docs/operations.md). */
async function mosquittoFiles(values: {
  out?: string | undefined;
  'server-user'?: string | undefined;
  'server-password'?: string | undefined;
}): Promise<number> {
  if (values.out === undefined || values.out.trim() === '') {
    process.stderr.write('--out DIR is required\n');
    return 64;
  }
  const config = loadConfig();
  usePasswordHashing(config.passwordHashing);
  let serverUser: ServerMqttUser | null = serverMqttUser(config.mqttUrl);
  if (values['server-user'] !== undefined || values['server-password'] !== undefined) {
    const username = values['server-user'] ?? '';
    const password = values['server-password'] ?? '';
    if (username === '' || password.length < 16) {
      process.stderr.write('--server-user and --server-password (at least 16 characters) go together\n');
      return 64;
    }
    serverUser = { username, password };
  }
  const database = await openConfiguredDatabase(config);
  try {
    await database.migrate();
    const result = await writeMosquittoFiles(database.db, resolve(values.out), serverUser);
    const who =
      serverUser === null
        ? ', no server user (set MQTT_URL or --server-user)'
        : `, server user '${serverUser.username}'`;
    const skipped = result.skipped > 0 ? `, ${result.skipped} skipped` : '';
    process.stdout.write(
      `wrote ${result.passwdPath} and ${result.aclPath}: ${result.loggers} loggers${who}${skipped}; ` +
        'send mosquitto SIGHUP to reload\n',
    );
    return 0;
  } finally {
    await database.close();
  }
}

async function main(): Promise<number> {
  const [command, ...rest] = process.argv.slice(2);
  const { values } = parseArgs({
    args: rest,
    options: {
      username: { type: 'string' },
      password: { type: 'string' },
      role: { type: 'string' },
      company: { type: 'string' },
      email: { type: 'string' },
      out: { type: 'string' },
      'server-user': { type: 'string' },
      'server-password': { type: 'string' },
      from: { type: 'string' },
      force: { type: 'boolean' },
    },
  });
  if (command === 'mqtt:mosquitto-files') return mosquittoFiles(values);
  if (command === 'backup' || command === 'restore') return backupCommand(command, values);
  if (command !== 'user:create' && command !== 'user:password') {
    process.stderr.write(`${USAGE}\n`);
    return 64;
  }
  const username = values.username?.trim() ?? '';
  const password = values.password ?? '';
  if (username === '' || username.length > 64 || /\p{Cc}/u.test(username)) {
    process.stderr.write('--username must be 1 to 64 characters without control characters\n');
    return 64;
  }
  if (password.length < 8) {
    process.stderr.write('--password must be at least 8 characters\n');
    return 64;
  }
  const config = loadConfig();
  usePasswordHashing(config.passwordHashing);
  const log = pino({ level: 'warn' });
  const database = await openConfiguredDatabase(config);
  try {
    await migrateAndSeed(database, config, log);
    const db = database.db;
    const existing = await db
      .select({ id: users.id })
      .from(users)
      .where(sql`lower(${users.username}) = lower(${username})`);
    if (command === 'user:password') {
      const row = existing[0];
      if (!row) {
        process.stderr.write(`no user named '${username}'\n`);
        return 1;
      }
      await db
        .update(users)
        .set({ passwordHash: await hashPassword(password), updatedAt: new Date() })
        .where(eq(users.id, row.id));
      await db.execute(
        sql`update sessions set revoked_at = now(), revoked_reason = 'ended' where user_id = ${row.id} and revoked_at is null`,
      );
      process.stdout.write(`password of '${username}' changed; their sessions were ended\n`);
      return 0;
    }
    if (existing.length > 0) {
      process.stderr.write(`a user named '${username}' already exists\n`);
      return 1;
    }
    const roleId = Number(values.role ?? 5);
    const companyId = Number(values.company ?? 2);
    if (!ROLE_SEEDS.some((r) => r.id === roleId)) {
      process.stderr.write(
        `--role must be one of ${ROLE_SEEDS.map((r) => `${r.id} (${r.name})`).join(', ')}\n`,
      );
      return 64;
    }
    if (
      (await db.select({ id: companies.id }).from(companies).where(eq(companies.id, companyId))).length === 0
    ) {
      process.stderr.write(`no company with id ${companyId}\n`);
      return 64;
    }
    await db.insert(users).values({
      username,
      email: values.email ?? null,
      passwordHash: await hashPassword(password),
      companyId,
      roleId,
    });
    process.stdout.write(`user '${username}' created (role ${roleId}, company ${companyId})\n`);
    return 0;
  } finally {
    await database.close();
  }
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    // Expected refusals say what to do in their message; anything else is a bug worth its stack.
    const expected = err instanceof ConfigError || err instanceof DataDirInUseError;
    process.stderr.write(
      `${expected ? err.message : err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`,
    );
    process.exit(err instanceof DataDirInUseError ? 75 : 1);
  },
);
