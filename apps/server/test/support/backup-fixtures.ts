// Fixtures of the backup and upgrade suite (backup-restore.test.ts): the PostgreSQL client tools, a
// migrations folder cut at an earlier release, and that release's data written as its schema had it.
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../src/db/client.js';
import { hashPassword } from '../../src/lib/password.js';

/**
 * The previous release: Step 5d (firmware and upgrades) ended at migration 0019; Step 5e added 0020–0025
 * (API keys, big screen, documents and app releases, statistics views, feedback, client errors), see
 * CHANGELOG.md and `git log -- apps/server/drizzle`. Move this forward with each release.
 */
export const PREVIOUS_RELEASE = '0019_upgrade_tasks';

/** pg_dump or pg_restore: the newest installed version's (it must not be older than the server), else PATH's. */
export function findPgTool(name: 'pg_dump' | 'pg_restore'): string {
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root)
    ? readdirSync(root)
        .filter((v) => /^\d+$/.test(v) && existsSync(join(root, v, 'bin', name)))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  if (versions[0] !== undefined) return join(root, versions[0], 'bin', name);
  try {
    return execFileSync('which', [name], { encoding: 'utf8' }).trim();
  } catch {
    throw new Error(`${name} is not installed (looked in ${root}/*/bin and PATH)`);
  }
}

/** A copy of `folder` whose journal ends at `lastTag`, in `into`: the migrations an older release shipped. */
export function olderMigrations(folder: string, lastTag: string, into: string): string {
  const journal = JSON.parse(readFileSync(join(folder, 'meta', '_journal.json'), 'utf8')) as {
    entries: { tag: string }[];
  };
  const end = journal.entries.findIndex((e) => e.tag === lastTag);
  if (end < 0) throw new Error(`no migration ${lastTag} in ${folder}`);
  mkdirSync(join(into, 'meta'), { recursive: true });
  const kept = journal.entries.slice(0, end + 1);
  for (const { tag } of kept) cpSync(join(folder, `${tag}.sql`), join(into, `${tag}.sql`));
  writeFileSync(join(into, 'meta', '_journal.json'), JSON.stringify({ ...journal, entries: kept }, null, 2));
  return into;
}

export const OLD_ADMIN = { username: 'old.admin', password: 'Old#Admin-2026' } as const;
export const OLD_INSTALLER = { username: 'old.installer', password: 'Old#Install-2026' } as const;
export const OLD_T0 = Date.parse('2026-05-20T10:00:00Z');
/** The readings the old release stored: twelve, 10 minutes apart, 200 Wh each. */
export const OLD_READINGS = Array.from({ length: 12 }, (_, i) => ({
  ts: OLD_T0 + i * 600_000,
  power: 1500 + i,
  energy: 80_000 + i * 200,
}));

export interface OldData {
  stationId: number;
  inverterId: number;
}

/**
 * What a database of the previous release held, in plain SQL of its schema (migrations up to
 * PREVIOUS_RELEASE, as that release's server and seed wrote it): a platform and an installer company, an
 * administrator and an installer with passwords, a station with a bound logger and an inverter, readings
 * still waiting for the rollup worker.
 */
export async function writePreviousReleaseData(db: Db): Promise<OldData> {
  await db.execute(sql`insert into companies (id, type, name, parent_id) values
    (1, 'PLATFORM', 'Sunfleet', null), (40, 'INSTALLER', 'North Roofs', 1)`);
  await db.execute(sql`insert into roles (id, name, name_key, role_type, visibility, permissions) values
    (1, 'Administrator', 'role.administrator', 'ADMINISTRATOR', 'PUBLIC', '{}'),
    (2, 'Manager', 'role.manager', 'MANAGER', 'PUBLIC', '{station:list}')`);
  const adminHash = await hashPassword(OLD_ADMIN.password);
  const installerHash = await hashPassword(OLD_INSTALLER.password);
  await db.execute(sql`insert into users (username, password_hash, company_id, role_id) values
    (${OLD_ADMIN.username}, ${adminHash}, 1, 1), (${OLD_INSTALLER.username}, ${installerHash}, 40, 2)`);
  const [station] = await queryRows<{ id: number }>(
    db,
    sql`insert into stations (company_id, name, type, capacity_kwp, price, time_zone)
        values (40, 'Old Barn', 'HOUSEHOLD_PV', 8, 0.3, 'Europe/Berlin') returning id`,
  );
  const [gateway] = await queryRows<{ id: number }>(
    db,
    sql`insert into gateways (sn, model, secret_hash, station_id, company_id, bound_at)
        values ('OLDLOGGER01', 'SF-LOGGER-4G', 'old-hash', ${station!.id}, 40, now()) returning id`,
  );
  const [inverter] = await queryRows<{ id: number }>(
    db,
    sql`insert into devices (gateway_id, sn, device_type, model, unit_id)
        values (${gateway!.id}, 'OLD-INV-1', 'INVERTER', 'TEST-INVERTER', 1) returning id`,
  );
  await db.execute(sql`select telemetry_ensure_partition('2026-05-01'::date)`);
  const rows = OLD_READINGS.map(
    (r) => sql`(${inverter!.id}, ${new Date(r.ts).toISOString()}::timestamptz, ${gateway!.id},
                ${r.power}::float8, ${r.energy}::float8)`,
  );
  await db.execute(sql`insert into telemetry (device_id, ts, gateway_id, power_w, energy_total_wh)
    values ${sql.join(rows, sql`, `)}`);
  const last = OLD_READINGS.at(-1)!.ts;
  await db.execute(sql`insert into rollup_dirty (device_id, from_ts, to_ts) values
    (${inverter!.id}, ${new Date(OLD_T0).toISOString()}::timestamptz, ${new Date(last).toISOString()}::timestamptz)`);
  return { stationId: station!.id, inverterId: inverter!.id };
}
