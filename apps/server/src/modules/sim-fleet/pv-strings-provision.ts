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
 * Stores the strings of the planned inverters that exist and have none; answers how many inverters were
 * written and how many are not announced yet.
 */
export async function provisionPvStrings(
  database: Database,
  plan: ReadonlyMap<string, PvString[]>,
  now: Date,
): Promise<{ written: number; waiting: number }> {
  if (plan.size === 0) return { written: 0, waiting: 0 };
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
      .where(and(inArray(devices.sn, [...plan.keys()]), eq(devices.deviceType, 'INVERTER')));
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
    if (rows.length > 0) await tx.insert(pvStrings).values(rows).onConflictDoNothing();
    return { written: bare.length, waiting: plan.size - found.length };
  });
}

/** Retries provisionPvStrings until every planned inverter is announced (or GIVE_UP_MS passed). */
export function keepProvisioningPvStrings(
  database: Database,
  fleet: FleetFile,
  log: Logger,
  now: () => Date = () => new Date(),
): { stop(): void } {
  const plan = fleetPvStrings(fleet);
  const started = Date.now();
  let timer: NodeJS.Timeout | null = null;
  let stopped = false;
  const attempt = (): void => {
    provisionPvStrings(database, plan, now())
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
