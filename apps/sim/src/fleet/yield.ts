// Specific yield of a fleet's stations over a calendar year, from the very simulation the loggers run:
// every logger's SiteSimulator steps through the year (measures off, nothing journaled) and the energy its
// inverters' lifetime counters gain is summed per local month and divided by the station's DC capacity.
// What the fleet would feed in a year, to hold against published yields for the same places (PVGIS).
import type { FleetFile, FleetStation } from '@sunfleet/contracts';
import { LocalClock } from '../physics/clock.js';
import { SiteSimulator } from '../site.js';
import { loggerSite, stationDcKwp } from './fleet-sites.js';

export interface StationYield {
  key: string;
  name: string;
  latitude: number;
  longitude: number;
  year: number;
  /** DC capacity from the modules, kWp. */
  kWp: number;
  /** Twelve local calendar months, kWh per kWp (0.1). */
  monthlyKwhPerKwp: number[];
  /** The sum of the months, kWh per kWp. */
  annualKwhPerKwp: number;
  /** Global horizontal irradiation of the year at the station, kWh/m² (the weather behind the yield). */
  ghiKwhPerM2: number;
}

const MS_PER_DAY = 86_400_000;

function round1(value: number): number {
  return Math.round(value * 10) / 10;
}

/** Local midnight opening 1 January of `year` at the clock's zone, epoch ms. */
function newYear(clock: LocalClock, year: number): number {
  const utc = Date.UTC(year, 0, 1);
  return utc - clock.offsetAt(utc - clock.offsetAt(utc));
}

/** Simulates one station's year in steps of `stepS` seconds. */
export function stationYield(
  fleet: FleetFile,
  station: FleetStation,
  year: number,
  stepS = 900,
): StationYield {
  const sites = station.loggers.map((logger) => new SiteSimulator(loggerSite(fleet, station, logger)));
  for (const site of sites) site.measuring = false;
  const clock = new LocalClock(station.timeZone);
  const start = newYear(clock, year);
  const end = newYear(clock, year + 1);
  const monthlyWh = new Float64Array(12);
  let ghiWh = 0;
  let counters = 0;
  for (const site of sites) for (const unit of site.units) counters += unit.inverter.energyLifetimeWh;
  let day = Number.NaN;
  let month = 0;
  let ts = start;
  while (ts < end) {
    const dt = Math.min(stepS, (end - ts) / 1_000);
    ts += dt * 1_000;
    let total = 0;
    for (const site of sites) {
      site.step(ts, dt);
      for (const unit of site.units) total += unit.inverter.energyLifetimeWh;
    }
    // The step's energy belongs to the local month of its middle.
    const local = clock.at(ts - dt * 500);
    if (local.dayIndex !== day) {
      day = local.dayIndex;
      month = new Date(day * MS_PER_DAY).getUTCMonth();
    }
    monthlyWh[month] = (monthlyWh[month] ?? 0) + total - counters;
    counters = total;
    ghiWh += ((sites[0]?.flows.ghi ?? 0) * dt) / 3_600;
  }
  const kWp = stationDcKwp(station);
  const monthly = Array.from(monthlyWh, (wh) => round1(wh / 1_000 / kWp));
  return {
    key: station.key,
    name: station.name,
    latitude: station.latitude,
    longitude: station.longitude,
    year,
    kWp: Math.round(kWp * 100) / 100,
    monthlyKwhPerKwp: monthly,
    annualKwhPerKwp: round1(monthly.reduce((sum, m) => sum + m, 0)),
    ghiKwhPerM2: Math.round(ghiWh / 1_000),
  };
}
