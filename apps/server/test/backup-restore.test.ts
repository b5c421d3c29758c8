// Backup and restore (docs/backup.md): a PostgreSQL database through the real pg_dump and pg_restore, the
// embedded database through the operator CLI's `backup` (a real process) and `restore`, and the previous
// release's data through the migrations. Each restored or upgraded database is opened as a server start opens it
// (migrations, seed) and asked what a user would ask: logins, the station list, history, rollups.
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { backupCommand } from '../src/db/backup-command.js';
import { openDatabase, queryRows, type Database } from '../src/db/client.js';
import { lockFileOf } from '../src/db/pglite-lock.js';
import { readJournal, schemaVersion } from '../src/modules/version/schema-version.js';
import { paths } from '../src/paths.js';
import { createTestApp, oneDatabase, type DatabaseKind, type TestApp, type TestDatabase } from './helpers.js';
import { as, DEMO_PASSWORD, setPasswords } from './organisation-fixtures.js';
import { addDevice, snapshot, worker, writeBatch, type TestReading } from './rollups-support.js';
import { onServer, postgresUrlOf, templateBlob } from './support/database-templates.js';
import { createTestStation, registerTestLogger } from './support/loggers.js';
import {
  findPgTool,
  OLD_ADMIN,
  OLD_INSTALLER,
  OLD_READINGS,
  OLD_T0,
  olderMigrations,
  PREVIOUS_RELEASE,
  writePreviousReleaseData,
} from './support/backup-fixtures.js';

const run = promisify(execFile);
const serverRoot = resolve(import.meta.dirname, '..');
const tmp = mkdtempSync(join(tmpdir(), 'sunfleet-backup-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));
const options = { migrationsFolder: paths.migrations };
/** The migrations this release ships, and the newest of them (what the CLI reports). */
const MIGRATIONS = readJournal(paths.migrations).length;
const NEWEST = readJournal(paths.migrations).at(-1)?.tag ?? '';

const MIN = 60_000;
const T0 = Date.parse('2026-05-31T09:00:00Z');
/** Two hours of an inverter's readings, 5 minutes apart, 100 Wh each. */
const READINGS: TestReading[] = Array.from({ length: 25 }, (_, i) => ({
  ts: T0 + i * 5 * MIN,
  power: 1200,
  energy: 50_000 + i * 100,
}));

interface Plant {
  inverter: number;
}

/** A station of installer 1's company with a logger, an inverter, its readings and their rollups. */
async function plant(t: TestApp): Promise<Plant> {
  const db = t.database.db;
  await setPasswords(t, ['demo.installer1']);
  const station = await createTestStation(db, {
    companyId: 3,
    timeZone: 'Europe/Berlin',
    name: 'Backup Barn',
  });
  const logger = await registerTestLogger(db, { stationId: station.id, companyId: 3 });
  const inverter = await addDevice(db, logger.id, 'INVERTER', 'INV-BACKUP-1');
  await writeBatch(db, logger.id, inverter, READINGS);
  await worker(t.database).drainOnce();
  return { inverter };
}

/** Rows per table of the database's own schema (current_schema: public, or the tests' schema). */
async function tableCounts(database: Database): Promise<Record<string, number>> {
  const tables = await queryRows<{ name: string }>(
    database.db,
    sql`select table_name as name from information_schema.tables
        where table_schema = current_schema() and table_type = 'BASE TABLE' order by 1`,
  );
  const counts: Record<string, number> = {};
  for (const { name } of tables) {
    const [row] = await queryRows<{ n: number }>(
      database.db,
      sql.raw(`select count(*)::int as n from "${name}"`),
    );
    counts[name] = row?.n ?? -1;
  }
  return counts;
}

/** What users notice: both can log in, and the station list, history and rollups answer. */
async function answers(t: TestApp, p: Plant): Promise<unknown> {
  const admin = as(t, await t.login());
  const installer = as(t, await t.login('demo.installer1', DEMO_PASSWORD));
  const stations = await installer.get('/station/list?pageSize=200');
  const history = await installer.get(
    `/device/${p.inverter}/history?from=${T0}&to=${T0 + 2 * 60 * MIN}&columns=power_w,energy_total_wh`,
  );
  const rollup = await installer.get(
    `/device/${p.inverter}/rollup?period=hour&from=2026-05-31&to=2026-05-31`,
  );
  const all = await admin.get<{ total: number }>('/station/list?pageSize=1');
  expect([stations.status, history.status, rollup.status, all.status]).toEqual([200, 200, 200, 200]);
  expect((history.data as { rows: unknown[] }).rows).toHaveLength(READINGS.length);
  return {
    stations: stations.data,
    history: history.data,
    rollup: rollup.data,
    stationCount: all.data.total,
  };
}

/** What is stored: every rollup row and the row count of every table. */
async function stored(database: Database): Promise<unknown> {
  return { rollups: await snapshot(database.db), tables: await tableCounts(database) };
}

/**
 * The answers, then what is stored as it goes into the backup; of the copy, what is stored as it comes
 * out (before its answers add sessions), then its answers.
 */
async function original(t: TestApp, p: Plant): Promise<unknown> {
  const said = await answers(t, p);
  return { stored: await stored(t.database), answers: said };
}
async function copy(t: TestApp, p: Plant): Promise<unknown> {
  const kept = await stored(t.database);
  return { stored: kept, answers: await answers(t, p) };
}

const POSTGRES_URL = process.env.TEST_DATABASE_URL;
const pgTemplates = POSTGRES_URL ? inject('postgresTemplates') : undefined;

describe.skipIf(POSTGRES_URL === undefined || pgTemplates === undefined)(
  'PostgreSQL: pg_dump and pg_restore (needs TEST_DATABASE_URL)',
  () => {
    it('a custom-format dump restored into a new database answers as the original did', async () => {
      const url = POSTGRES_URL!;
      const { prefix, schema } = pgTemplates!;
      const [pgDump, pgRestore] = [findPgTool('pg_dump'), findPgTool('pg_restore')];
      const t = await createTestApp('postgres');
      let p: Plant;
      let before: unknown;
      const file = join(tmp, 'sunfleet.dump');
      try {
        p = await plant(t);
        before = await original(t, p);
        const [{ name } = { name: '' }] = await queryRows<{ name: string }>(
          t.database.db,
          sql`select current_database() as name`,
        );
        await run(pgDump, ['--format=custom', `--file=${file}`, `--dbname=${postgresUrlOf(url, name)}`]);
      } finally {
        // The original goes before the restore: the copy stands on its own.
        await t.close();
      }
      const restored = `${prefix}_t_restored_${process.pid}`;
      await onServer(url, (c) => c.query(`create database ${restored}`));
      const restoredUrl = postgresUrlOf(url, restored);
      await run(pgRestore, ['--exit-on-error', '--no-owner', `--dbname=${restoredUrl}`, file]);
      const database = await openDatabase(
        { kind: 'postgres', url: restoredUrl, schema, poolSize: 4 },
        options,
      );
      const drop = async (): Promise<void> => {
        await database.close();
        await onServer(url, (c) => c.query(`drop database if exists ${restored} with (force)`));
      };
      const r = await createTestApp('postgres', { database: { database, drop, seeded: true } });
      try {
        expect(await copy(r, p)).toEqual(before);
      } finally {
        await r.close();
      }
    });
  },
);

/** Runs the operator CLI (src/cli.ts through tsx) as the operator would, with DATA_DIR and nothing else. */
async function cli(
  args: string[],
  env: Record<string, string>,
): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run(process.execPath, ['--import', 'tsx', 'src/cli.ts', ...args], {
      cwd: serverRoot,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/tmp', ...env },
    });
    return { code: 0, stdout, stderr };
  } catch (err) {
    const e = err as { code?: number; stdout?: string; stderr?: string };
    return { code: e.code ?? -1, stdout: e.stdout ?? '', stderr: e.stderr ?? '' };
  }
}

/** The same command in this process (a refusal costs no process of its own): exit code and output. */
async function command(
  name: 'backup' | 'restore',
  values: { out?: string; from?: string; force?: boolean },
  env: Record<string, string>,
): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  const code = await backupCommand(name, values, env, {
    out: (text) => (stdout += text),
    err: (text) => (stderr += text),
  });
  return { code, stdout, stderr };
}

/** An embedded database in `dataDir`: a copy of the run's seeded template when there is one. */
async function openOnDisk(dataDir: string): Promise<TestDatabase & { seeded: boolean }> {
  const seeded = inject('pgliteTemplates')?.seeded;
  const database = await openDatabase(
    { kind: 'pglite', dataDir, ...(seeded === undefined ? {} : { template: templateBlob(seeded) }) },
    options,
  );
  return { database, drop: () => database.close(), seeded: seeded !== undefined };
}

const filesIn = (dir: string): string[] => (existsSync(dir) ? readdirSync(dir).sort() : []);

describe('embedded database: cli.js backup and restore', () => {
  it('copies a database consistently and restores it into a new DATA_DIR, refusing what would harm', async () => {
    const source = join(tmp, 'source');
    const target = join(tmp, 'target');
    const out = join(tmp, 'sunfleet.tgz');
    const t = await createTestApp('pglite', { database: await openOnDisk(join(source, 'pglite')) });
    let p: Plant;
    let before: unknown;
    try {
      p = await plant(t);
      before = await original(t, p);
    } finally {
      await t.close();
    }
    expect(filesIn(source)).toEqual(['pglite']);

    // Refusals, each with a clear message and nothing written: a missing --out, a PostgreSQL
    // configuration, and a database open in another process (its lock names a live process here).
    expect(await command('backup', {}, { DATA_DIR: source })).toMatchObject({
      code: 64,
      stderr: '--out FILE is required\n',
    });
    const onPostgres = await command(
      'backup',
      { out },
      { DATA_DIR: source, DATABASE_URL: 'postgres://h/db' },
    );
    expect(onPostgres.code).toBe(64);
    expect(onPostgres.stderr).toContain('with DATABASE_URL use pg_dump and pg_restore');
    const lock = lockFileOf(join(source, 'pglite'));
    writeFileSync(
      lock,
      JSON.stringify({ pid: process.ppid, host: hostname(), since: '2026-06-01T08:00:00Z' }),
    );
    const busy = await command('backup', { out }, { DATA_DIR: source });
    expect(busy.code).toBe(75);
    expect(busy.stderr).toContain(`${join(source, 'pglite')} is open in process ${process.ppid}`);
    rmSync(lock);
    expect(filesIn(tmp).filter((f) => f.startsWith('sunfleet.tgz'))).toEqual([]);

    const backup = await cli(['backup', '--out', out], { DATA_DIR: source });
    expect(backup.stderr).toBe('');
    expect(backup.stdout).toMatch(
      new RegExp(
        `^backed up .* \\(\\d+ bytes; ${MIGRATIONS} of ${MIGRATIONS} migrations, newest ${NEWEST}\\)\\n$`,
      ),
    );
    expect(backup.code).toBe(0);
    expect(statSync(out).mode & 0o777).toBe(0o600);
    expect(filesIn(tmp).filter((f) => f.startsWith('sunfleet.tgz'))).toEqual(['sunfleet.tgz']);
    expect(filesIn(source)).toEqual(['pglite']);
    const again = await command('backup', { out }, { DATA_DIR: source });
    expect([again.code, again.stderr]).toEqual([
      1,
      `${out} exists; choose another name or add --force to replace it\n`,
    ]);

    // What a restore refuses, leaving nothing half-written (no database, staging directory or lock).
    const overExisting = await command('restore', { from: out }, { DATA_DIR: source });
    expect(overExisting.code).toBe(1);
    expect(overExisting.stderr).toContain('already holds a database; add --force');
    expect(filesIn(source)).toEqual(['pglite']);
    const notes = join(tmp, 'notes.txt');
    writeFileSync(notes, 'not a database\n');
    const cut = join(tmp, 'cut.tgz');
    writeFileSync(cut, readFileSync(out).subarray(0, 100_000));
    const empty = join(tmp, 'empty');
    for (const [file, why] of [
      [notes, 'it is no tar archive of a database directory'],
      [cut, 'its gzip data is damaged'],
      [join(tmp, 'absent.tgz'), 'does not exist'],
    ] as const) {
      const refused = await command('restore', { from: file }, { DATA_DIR: empty });
      expect(refused.code, file).toBe(1);
      expect(refused.stderr, file).toContain(why);
      expect(filesIn(empty), file).toEqual([]);
    }
    // The restore itself through the CLI's code in this process (a second CLI process costs seconds of CPU;
    // the backup above ran as one).
    const restore = await command('restore', { from: out }, { DATA_DIR: target });
    expect(restore.stderr).toBe('');
    expect(restore.stdout).toBe(
      `restored ${out} into ${join(target, 'pglite')} (${MIGRATIONS} of ${MIGRATIONS} migrations, newest ${NEWEST})\n`,
    );
    expect(restore.code).toBe(0);
    expect(filesIn(target)).toEqual(['pglite']);

    const database = await openDatabase({ kind: 'pglite', dataDir: join(target, 'pglite') }, options);
    // This version's seed ran on the original: the copy opens as it would at the next start.
    const r = await createTestApp('pglite', {
      database: { database, drop: () => database.close(), seeded: true },
    });
    try {
      expect(await copy(r, p)).toEqual(before);
    } finally {
      await r.close();
    }
  }, 120_000); // a CLI process besides this one's PGlite work: seconds of CPU on a loaded 2-core machine
});

/**
 * A database with nothing in it yet. On PGlite the run's migrated template with its schemas dropped (a new
 * PGlite runs initdb, seconds); on PostgreSQL a new database, its tables in public as in production.
 */
async function emptyDatabase(kind: DatabaseKind): Promise<TestDatabase> {
  if (kind === 'pglite') {
    const migrated = inject('pgliteTemplates')?.migrated;
    const database = await openDatabase(
      {
        kind: 'pglite',
        dataDir: null,
        ...(migrated === undefined ? {} : { template: templateBlob(migrated) }),
      },
      options,
    );
    await database.pglite!.exec(
      'drop schema if exists drizzle cascade; drop schema public cascade; create schema public;',
    );
    return { database, drop: () => database.close() };
  }
  const url = POSTGRES_URL!;
  const name = `${pgTemplates?.prefix ?? 'sft_backup'}_t_upgrade_${process.pid}`;
  await onServer(url, (c) => c.query(`create database ${name}`));
  const database = await openDatabase(
    { kind: 'postgres', url: postgresUrlOf(url, name), poolSize: 4 },
    options,
  );
  return {
    database,
    drop: async () => {
      await database.close();
      await onServer(url, (c) => c.query(`drop database if exists ${name} with (force)`));
    },
  };
}

/** Applies the migrations of `folder` the way the server of that release did. */
async function migrateWith(database: Database, folder: string): Promise<void> {
  if (database.pglite !== null)
    await migratePglite(drizzlePglite({ client: database.pglite }), { migrationsFolder: folder });
  else await migratePg(drizzlePg({ client: database.pgPool! }), { migrationsFolder: folder });
}

// On PostgreSQL when the run has it (CI), else on PGlite: the migrations are the same SQL on both, and the
// PGlite run costs about ten seconds of CPU (two migration runs and a first seed) the budget has not.
describe.each(oneDatabase('postgres'))('upgrading the previous release (%s)', (kind) => {
  it(`carries ${PREVIOUS_RELEASE}'s data through the newer migrations into the app`, async () => {
    const old = olderMigrations(paths.migrations, PREVIOUS_RELEASE, join(tmp, `migrations-${kind}`));
    const journal = readJournal(paths.migrations);
    const fresh = await emptyDatabase(kind);
    let data: Awaited<ReturnType<typeof writePreviousReleaseData>>;
    try {
      await migrateWith(fresh.database, old);
      const before = await schemaVersion(fresh.database.db, journal);
      expect(before).toMatchObject({ latest: PREVIOUS_RELEASE, applied: readJournal(old).length });
      expect(before.applied).toBeLessThan(journal.length);
      data = await writePreviousReleaseData(fresh.database.db);
    } catch (err) {
      await fresh.drop();
      throw err;
    }
    // The app opens it as a server start does: the newer migrations, then the seed.
    const t = await createTestApp(kind, { database: fresh });
    try {
      expect(await schemaVersion(t.database.db, journal)).toMatchObject({
        latest: journal.at(-1)?.tag,
        applied: journal.length,
      });
      const admin = as(t, await t.login(OLD_ADMIN.username, OLD_ADMIN.password));
      const installer = as(t, await t.login(OLD_INSTALLER.username, OLD_INSTALLER.password));
      const list = await installer.get<{ total: number; list: { id: number; name: string }[] }>(
        '/station/list',
      );
      expect(list.data.list.map((s) => [s.id, s.name])).toEqual([[data.stationId, 'Old Barn']]);
      expect((await admin.get<{ total: number }>('/station/list')).data.total).toBe(1);
      const to = OLD_READINGS.at(-1)!.ts;
      const history = await installer.get<{ rows: { ts: number; values: Record<string, number | null> }[] }>(
        `/device/${data.inverterId}/history?from=${OLD_T0}&to=${to}&columns=power_w,energy_total_wh`,
      );
      expect(history.data.rows).toEqual(
        OLD_READINGS.map((r) => ({ ts: r.ts, values: { power_w: r.power, energy_total_wh: r.energy } })),
      );
      // The readings the old release left for its rollup worker are rolled up by this one.
      await worker(t.database).drainOnce();
      const day = await installer.get<{ rows: { bucket: string; energyKwh: number }[] }>(
        `/device/${data.inverterId}/rollup?period=day&from=2026-05-20&to=2026-05-20`,
      );
      expect(day.data.rows.map((r) => [r.bucket, r.energyKwh])).toEqual([
        ['2026-05-20', ((OLD_READINGS.length - 1) * 200) / 1000],
      ]);
      // What the newer migrations added works on the old rows (Step 5e's saved statistics views).
      const view = await installer.post('/statistics/view', {
        name: 'Old Barn monthly',
        stationIds: [data.stationId],
        granularity: 'MONTH',
        range: 'LAST_MONTH',
        currency: 'EUR',
        rankBy: 'YIELD',
        schedule: 'NONE',
        recipients: [],
      });
      expect([view.status, view.enMsg]).toEqual([200, 'OperationSuccess']);
    } finally {
      await t.close();
    }
  }, 120_000); // two migration runs and a first seed: seconds of CPU, more on PGlite
});
