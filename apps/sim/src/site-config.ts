// What a simulated site is made of. Everything optional has a documented default, so a test or the demo
// fleet describes a site in a few lines.
import type { TimeSharedPeriod, WorkMode } from './physics/battery.js';
import type { FaimanCoefficients } from './physics/celltemp.js';
import type { CloudClimate } from './physics/clouds.js';
import type { GridSpec } from './physics/grid.js';
import { faultDefinition } from './physics/faults.js';
import type { LoadSpec } from './physics/load.js';
import { MODULE_450, type ModuleSpec } from './physics/pv.js';
import type { SoilingSpec } from './physics/soiling.js';
import type { StringFault } from './physics/string-faults.js';
import type { Climate } from './physics/weather.js';

export interface MpptConfig {
  /** Parallel strings on this tracker (≥ 1). */
  strings: number;
  /** Modules in series per string. */
  modulesPerString: number;
  /** Tilt from horizontal and azimuth eastward from north (180 = south), degrees. */
  tilt: number;
  azimuth: number;
}

export interface InverterConfig {
  sn: string;
  ratedPowerW: number;
  /** Default 3 above 6 kW, else 1. */
  phases?: 1 | 3;
  /** 1…15 trackers. */
  mppts: MpptConfig[];
  /** Default MODULE_450. */
  module?: ModuleSpec;
  /** MPPT window and start voltage, V (defaults 160/950/180 for three-phase, 80/550/100 for single). */
  mpptMinV?: number;
  mpptMaxV?: number;
  startV?: number;
  /** Lifetime energy already on the counter, Wh (default 0). */
  initialEnergyWh?: number;
  /** Faults of single strings that shape their IV curves, one per string at most (docs/iv-curves.md). */
  stringFaults?: StringFault[];
  /** Faults opened `afterS` simulated seconds after the site's first step (once), open until cleared. */
  faults?: { code: number; afterS: number }[];
}

export interface BatteryConfig {
  sn: string;
  capacityWh: number;
  /** Default half the capacity per hour (0.5 C). */
  maxChargeW?: number;
  maxDischargeW?: number;
  /** Default 10 and 100. */
  socMinPct?: number;
  socMaxPct?: number;
  /** Default 0.92. */
  roundTripEfficiency?: number;
  /** Default 51.2 V (16-cell LFP) below 30 kWh, else 614 V. */
  nominalVoltage?: number;
  /** Default 50. */
  initialSocPct?: number;
  /** Default SELF_CONSUMPTION. */
  mode?: WorkMode;
  periods?: TimeSharedPeriod[];
}

export interface SiteConfig {
  /** Stable identifier (part of the cloud seed). */
  id: string;
  latitude: number;
  longitude: number;
  /** Metres above sea level (default 0). */
  elevation?: number;
  /** IANA time zone, e.g. 'Europe/Berlin'. */
  timeZone: string;
  /** Fleet seed: with the device SNs it determines every random draw. */
  seed: string | number;
  inverters: InverterConfig[];
  battery?: BatteryConfig;
  meter?: { sn: string; phases?: 1 | 3 };
  weatherStation?: { sn: string };
  /** Default a household of 4,500 kWh a year. */
  load?: LoadSpec;
  /** Ground reflectance (default 0.2). */
  albedo?: number;
  /** Fixed Linke turbidity instead of the latitude climatology. */
  linkeTurbidity?: number;
  cloudClimate?: CloudClimate;
  climate?: Climate;
  grid?: Partial<GridSpec>;
  /** Faiman coefficients (default open rack). */
  mounting?: FaimanCoefficients;
  /**
   * DC-side losses the physics does not resolve, as a share of the light reaching the cells (default 0.07,
   * PVWatts' defaults for them: mismatch between the modules of a string 2 %, DC wiring 2 %, connections
   * 0.5 %, light-induced degradation 1.5 %, nameplate 1 %). Soiling, string-to-string tolerance, degraded
   * strings and low-sun shading are simulated (variation.ts, soiling.ts, shading.ts) and come on top, as
   * do the inverter's efficiency and the faults' downtime.
   */
  dcLossFraction?: number;
  /** Dust: default 0.1 %/day while dry, up to 5 %, washed off by a rainy (overcast) day. */
  soiling?: SoilingSpec;
  /**
   * Rows of modules (a field, a flat roof): ground coverage ratio = row depth / row pitch. Every tracker
   * but those in the front row loses the beam on the shaded part of its row at low sun. Default: none.
   */
  rows?: { groundCoverageRatio: number };
  /**
   * Obstacles around a rooftop (trees, chimneys, the neighbours' houses): each tracker sees one, in the
   * half of the sky it faces, up to this elevation (degrees). Default: none.
   */
  obstacles?: { maxElevationDeg: number };
  /** Multiplier of the catalogue's random fault rates (default 1; 0 = only faults on command). */
  faultRate?: number;
}

/** Checks what the physics cannot work with; returns a list of problems (empty when fine). */
export function checkSiteConfig(config: SiteConfig): string[] {
  const problems: string[] = [];
  if (!(Math.abs(config.latitude) <= 90)) problems.push('latitude must be within ±90°');
  if (!(Math.abs(config.longitude) <= 180)) problems.push('longitude must be within ±180°');
  if (config.inverters.length === 0 && !config.battery)
    problems.push('a site needs an inverter or a battery');
  const sns = new Set<string>();
  const devices = [
    ...config.inverters.map((i) => i.sn),
    config.battery?.sn,
    config.meter?.sn,
    config.weatherStation?.sn,
  ];
  for (const sn of devices) {
    if (sn === undefined) continue;
    if (!/^[A-Za-z0-9_.-]{1,64}$/.test(sn)) problems.push(`device SN "${sn}" is not valid`);
    if (sns.has(sn)) problems.push(`device SN "${sn}" is used twice`);
    sns.add(sn);
  }
  const gcr = config.rows?.groundCoverageRatio;
  if (gcr !== undefined && !(gcr > 0 && gcr < 1))
    problems.push('the ground coverage ratio must lie within 0…1');
  const obstacle = config.obstacles?.maxElevationDeg;
  if (obstacle !== undefined && !(obstacle >= 0 && obstacle <= 60))
    problems.push('obstacles must lie within 0…60° of elevation');
  if (
    config.soiling &&
    !(config.soiling.ratePerDay >= 0 && config.soiling.max >= 0 && config.soiling.max < 1)
  )
    problems.push('soiling: a rate ≥ 0 and a maximum within 0…1');
  for (const inverter of config.inverters) {
    if (!(inverter.ratedPowerW > 0)) problems.push(`${inverter.sn}: rated power must be positive`);
    if (inverter.mppts.length < 1 || inverter.mppts.length > 15)
      problems.push(`${inverter.sn}: 1…15 MPPT channels`);
    for (const mppt of inverter.mppts) {
      if (!(mppt.strings >= 1 && mppt.modulesPerString >= 1)) {
        problems.push(`${inverter.sn}: every MPPT needs at least one string of one module`);
      }
    }
    problems.push(...stringFaultProblems(inverter));
    for (const fault of inverter.faults ?? [])
      if (faultDefinition(fault.code)?.device !== 'INVERTER')
        problems.push(`${inverter.sn}: fault ${fault.code} is no inverter fault of the catalogue`);
  }
  return problems;
}

/** String faults on strings the inverter has, one per string, with substrings its strings have. */
export function stringFaultProblems(inverter: InverterConfig): string[] {
  const problems: string[] = [];
  const seen = new Set<string>();
  const diodes = (inverter.module ?? MODULE_450).bypassDiodes;
  for (const fault of inverter.stringFaults ?? []) {
    const where = `${inverter.sn}: string fault on MPPT ${fault.mppt} string ${fault.string}`;
    const mppt = inverter.mppts[fault.mppt - 1];
    if (!mppt || !(fault.string >= 1 && fault.string <= mppt.strings)) {
      problems.push(`${where}: no such string`);
      continue;
    }
    if (seen.has(`${fault.mppt}/${fault.string}`)) problems.push(`${where}: a string has one fault at most`);
    seen.add(`${fault.mppt}/${fault.string}`);
    const substrings = mppt.modulesPerString * diodes;
    if (fault.kind === 'SHADED_MODULE' && (fault.substrings ?? diodes) > substrings)
      problems.push(`${where}: the string has ${substrings} substrings`);
    if (fault.kind === 'BYPASS_DIODE_SHORT' && (fault.substrings ?? 1) >= substrings)
      problems.push(`${where}: at most ${substrings - 1} of its ${substrings} bypass diodes can be short`);
  }
  return problems;
}
