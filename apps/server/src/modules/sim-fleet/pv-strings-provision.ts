// The simulated fleet's PV strings, written as an installer would enter them (docs/iv-curves.md "Strings
// (stored)"): each fleet inverter's MPPT inputs as the fleet file gives them (`mppts`), or as the
// simulator sizes them for the model (the domain's sizeInverter), all of SF-M450 modules — what the
// simulator's strings are made of, so an IV scan of the demo fleet is diagnosed at once. Inverters exist
// only once their logger's hello announced them, so the sim service retries until every one is done; an
// inverter that has any strings stored (an installer's) is never touched.
import {
  BUILT_IN_MODELS,
  PV_MODULE_SF_M450,
  PvStringLimits,
  type FleetFile,
  type PvString,
} from '@sunfleet/contracts';
import { sizeInverter } from '@sunfleet/domain';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Database } from '../../db/client.js';
import { devices, pvStrings } from '../../db/schema.js';

/** How often the sim service looks for newly announced inverters, and for how long at most. */
const RETRY_MS = 5_000;
const GIVE_UP_MS = 15 * 60_000;

/** Each fleet inverter's strings by SN (inverters whose inputs hold more strings than an input takes are left out). */
export function fleetPvStrings(fleet: FleetFile): Map<string, PvString[]> {
  const out = new Map<string, PvString[]>();
  for (const station of fleet.stations)
    for (const logger of station.loggers)
      for (const device of logger.devices) {
        const model = BUILT_IN_MODELS.find((m) => m.model === device.model);
        if (model?.deviceType !== 'INVERTER') continue;
        const sizing = sizeInverter(model);
        const inputs =
          device.mppts?.map((m) => ({ strings: m.strings, modules: m.modulesPerString })) ??
          Array.from({ length: sizing.channels }, () => ({
            strings: sizing.stringsPerChannel,
            modules: sizing.modulesPerString,
          }));
        if (inputs.some((m) => m.strings > PvStringLimits.stringsPerMpptMax)) continue;
        out.set(
          device.sn,
          inputs.flatMap((m, k) =>
            Array.from({ length: m.strings }, (_, s) => ({
              mppt: k + 1,
              string: s + 1,
              module: { ...PV_MODULE_SF_M450 },
              modulesInSeries: m.modules,
            })),
          ),
        );
      }
  return out;
}

/**
 * Inverters per transaction and rows per insert: a fleet of 100,000 inverters in one statement overflowed
 * the query builder's stack (and would pass PostgreSQL's 65,535 parameters many times over).
 */
const SNS_PER_ROUND = 1_000;
const ROWS_PER_INSERT = 2_000;

/**
 * Stores the strings of those planned inverters (`sns`) that exist and have none, in one transaction;
 * answers how many were written and which exist (done: written now, or strings already stored).
 */
async function provisionSome(
  database: Database,
  plan: ReadonlyMap<string, PvString[]>,
  sns: readonly string[],
  now: Date,
): Promise<{ written: number; found: string[] }> {
  return database.db.transaction(async (tx) => {
    const found = await tx
      .select({
        id: devices.id,
        sn: devices.sn,
        stored: sql<number>`(select count(*) from pv_strings p where p.device_id = ${devices.id})`.mapWith(
          Number,
        ),
      })
      .from(devices)
      .where(and(inArray(devices.sn, [...sns]), eq(devices.deviceType, 'INVERTER')));
    const bare = found.filter((d) => d.stored === 0);
    const rows = bare.flatMap((d) =>
      (plan.get(d.sn) ?? []).map((s) => ({
        deviceId: d.id,
        mppt: s.mppt,
        string: s.string,
        module: s.module,
        modulesInSeries: s.modulesInSeries,
        updatedByUserId: null,
        updatedAt: now,
      })),
    );
    for (let at = 0; at < rows.length; at += ROWS_PER_INSERT) {
      await tx
        .insert(pvStrings)
        .values(rows.slice(at, at + ROWS_PER_INSERT))
        .onConflictDoNothing();
    }
    return { written: bare.length, found: found.map((d) => d.sn) };
  });
}

/**
 * Stores the strings of the planned inverters that exist and have none (SNS_PER_ROUND at a time, each
 * round its own transaction); answers how many inverters were written and how many are not announced
 * yet, and calls `onFound` with those that exist.
 */
export async function provisionPvStrings(
  database: Database,
  plan: ReadonlyMap<string, PvString[]>,
  now: Date,
  onFound: (sns: readonly string[]) => void = () => undefined,
): Promise<{ written: number; waiting: number }> {
  const sns = [...plan.keys()];
  let written = 0;
  let found = 0;
  for (let at = 0; at < sns.length; at += SNS_PER_ROUND) {
    const round = await provisionSome(database, plan, sns.slice(at, at + SNS_PER_ROUND), now);
    written += round.written;
    found += round.found.length;
    onFound(round.found);
  }
  return { written, waiting: sns.length - found };
}

/** Retries provisionPvStrings until every planned inverter is announced (or GIVE_UP_MS passed). */
export function keepProvisioningPvStrings(
  database: Database,
  fleet: FleetFile,
  log: Logger,
  now: () => Date = () => new Date(),
): { stop(): void } {
  // Inverters found (strings written, or already there) leave the plan: later rounds ask for the rest.
  const plan = fleetPvStrings(fleet);
  const started = Date.now();
  let timer: NodeJS.Timeout | null = null;
  let stopped = false;
  const attempt = (): void => {
    provisionPvStrings(database, plan, now(), (found) => {
      for (const sn of found) plan.delete(sn);
    })
      .then(({ written, waiting }) => {
        if (written > 0) log.info({ component: 'sim', inverters: written }, 'simulated PV strings stored');
        if (waiting > 0 && Date.now() - started < GIVE_UP_MS) schedule();
      })
      .catch((err: unknown) => {
        log.warn({ component: 'sim', err }, 'storing the simulated PV strings failed; will retry');
        schedule();
      });
  };
  const schedule = (): void => {
    if (stopped) return;
    timer = setTimeout(attempt, RETRY_MS);
    timer.unref();
  };
  attempt();
  return {
    stop: () => {
      stopped = true;
      if (timer !== null) clearTimeout(timer);
    },
  };
}
