// Building blocks of a site: inverter units (an inverter with its trackers' true orientation, its
// variation, string incidents and string monitor, thermal state, faults and reading), the battery from its
// configuration, and the strings' conditions from all of that.
import { Battery } from './physics/battery.js';
import { DeviceFaults, type SimDeviceType } from './physics/faults.js';
import { Inverter, channelKeys, round, type ChannelKeys } from './physics/inverter.js';
import { MpptChannel, type StringCondition } from './physics/pv-array.js';
import { MODULE_450, fitModule, type ModuleReference, type ModuleSpec } from './physics/pv.js';
import { Rng, seedOf } from './physics/random.js';
import { incidentCondition, StringIncidents, type StringIncident } from './physics/string-incidents.js';
import { stringFaultCondition, type StringFault } from './physics/string-faults.js';
import { StringMonitor } from './physics/string-monitor.js';
import { inverterVariation, type InverterVariation } from './physics/variation.js';
import type { WeatherNow } from './physics/weather.js';
import type { BatteryConfig, InverterConfig, MpptConfig } from './site-config.js';

export type MeasureValues = Record<string, number | null>;

export interface DeviceReading {
  sn: string;
  type: SimDeviceType;
  /** False while the logger cannot read the device (communication fault): skip the reading. */
  readable: boolean;
  values: MeasureValues;
}

/** One inverter with its trackers, their variation, incidents and thermal state. */
export interface InverterUnit {
  config: InverterConfig;
  inverter: Inverter;
  /** As configured (the string monitor compares trackers configured alike). */
  mppts: MpptConfig[];
  /** Each tracker's true orientation: configured plus its racking tolerance. */
  orientation: { tilt: number; azimuth: number }[];
  variation: InverterVariation;
  incidents: StringIncidents;
  /** Incidents injected on command (in addition to the drawn ones). */
  injected: StringIncident[];
  /** Incidents overlapping the current local day, and which were in effect at the last step. */
  window: StringIncident[];
  active: Uint8Array;
  /** Per tracker and string (from 0): the fault set from the fleet file or a test (string-faults.ts). */
  stringFaults: (StringFault | null)[][];
  monitor: StringMonitor;
  cellTemps: Float64Array;
  keys: ChannelKeys[];
  faults: DeviceFaults;
  reading: DeviceReading;
}

// Fitting a module type takes a few milliseconds: once per type for the whole process.
const moduleCache = new Map<ModuleSpec, ModuleReference>();
function referenceOf(spec: ModuleSpec): ModuleReference {
  let ref = moduleCache.get(spec);
  if (!ref) moduleCache.set(spec, (ref = fitModule(spec)));
  return ref;
}

export function buildInverterUnit(c: InverterConfig, seed: string | number, faultRate: number): InverterUnit {
  const phases = c.phases ?? (c.ratedPowerW > 6_000 ? 3 : 1);
  const ref = referenceOf(c.module ?? MODULE_450);
  const channels = c.mppts.map((m) => new MpptChannel(ref, m.strings, m.modulesPerString));
  const inverter = new Inverter(
    {
      ratedPowerW: c.ratedPowerW,
      phases,
      mpptMinV: c.mpptMinV ?? (phases === 3 ? 160 : 80),
      mpptMaxV: c.mpptMaxV ?? (phases === 3 ? 950 : 550),
      startV: c.startV ?? (phases === 3 ? 180 : 100),
    },
    channels,
    c.initialEnergyWh ?? 0,
  );
  const variation = inverterVariation(seed, c.sn, c.mppts, faultRate);
  return {
    config: c,
    inverter,
    mppts: c.mppts,
    orientation: c.mppts.map((m, k) => {
      const v = variation.channels[k];
      return {
        tilt: Math.min(Math.max(m.tilt + (v?.tiltOffset ?? 0), 0), 90),
        azimuth: (m.azimuth + (v?.azimuthOffset ?? 0) + 360) % 360,
      };
    }),
    variation,
    incidents: new StringIncidents(
      seedOf(seed, c.sn, 'incidents'),
      c.mppts.map((m) => m.strings),
      faultRate,
    ),
    injected: [],
    window: [],
    active: new Uint8Array(0),
    stringFaults: stringFaultTable(c),
    monitor: new StringMonitor(c.sn, c.mppts, ref.spec.imp),
    cellTemps: new Float64Array(c.mppts.length).fill(Number.NaN),
    keys: channelKeys(c.mppts.length),
    faults: new DeviceFaults(c.sn, 'INVERTER', new Rng(seedOf(seed, c.sn, 'faults')), faultRate),
    reading: { sn: c.sn, type: 'INVERTER', readable: true, values: {} },
  };
}

/** The configured string faults by tracker and string (from 0); null where a string has none. */
function stringFaultTable(c: InverterConfig): (StringFault | null)[][] {
  const table = c.mppts.map((m) => new Array<StringFault | null>(m.strings).fill(null));
  for (const fault of c.stringFaults ?? []) {
    const row = table[fault.mppt - 1];
    if (row && fault.string >= 1 && fault.string <= row.length) row[fault.string - 1] = { ...fault };
  }
  return table;
}

/** Collects the incidents (drawn and injected) overlapping [from, to) into the unit's window. */
export function loadIncidentWindow(unit: InverterUnit, from: number, to: number): void {
  unit.window = unit.incidents.overlapping(from, to);
  for (const incident of unit.injected) {
    if (incident.start < to && incident.end > from) unit.window.push(incident);
  }
  unit.active = new Uint8Array(unit.window.length);
}

/** Marks which incidents of the window are in effect at `ts`; true when that changed since the last call. */
export function updateActiveIncidents(unit: InverterUnit, ts: number): boolean {
  let changed = false;
  for (let i = 0; i < unit.window.length; i++) {
    const incident = unit.window[i] as StringIncident;
    const on = incident.start < ts && ts <= incident.end ? 1 : 0;
    if (unit.active[i] !== on) {
      unit.active[i] = on;
      changed = true;
    }
  }
  return changed;
}

const condition: StringCondition = {
  degradation: 0,
  seriesResistanceFactor: 1,
  shuntResistanceFactor: 1,
  shadedSubstrings: 0,
  shadeTransmission: 1,
  shortedSubstrings: 0,
  open: false,
};

/**
 * Adds an incident's or a fault's effect to `condition` (the worst shunt and shade win, series resistances
 * multiply) and answers the share of the light that is left.
 */
function applyEffect(effect: Partial<StringCondition> & { lightLoss?: number }): number {
  if (effect.seriesResistanceFactor !== undefined)
    condition.seriesResistanceFactor *= effect.seriesResistanceFactor;
  if (effect.shuntResistanceFactor !== undefined)
    condition.shuntResistanceFactor = Math.min(condition.shuntResistanceFactor, effect.shuntResistanceFactor);
  if (effect.shadedSubstrings !== undefined && effect.shadedSubstrings > condition.shadedSubstrings) {
    condition.shadedSubstrings = effect.shadedSubstrings;
    condition.shadeTransmission = effect.shadeTransmission ?? 1;
  }
  if (effect.shortedSubstrings !== undefined) condition.shortedSubstrings = effect.shortedSubstrings;
  if (effect.open === true) condition.open = true;
  return 1 - (effect.lightLoss ?? 0);
}

/**
 * Sets every string's condition from the unit's variation (tolerance, soiling weights, a degraded
 * string), the site's soiling of the day (lost share of light), the incidents in effect and the string
 * faults set (string-faults.ts).
 */
export function applyStringConditions(unit: InverterUnit, soiling: number): void {
  const v = unit.variation;
  const channels = unit.inverter.channels;
  for (let k = 0; k < channels.length; k++) {
    const channel = channels[k] as MpptChannel;
    const cv = v.channels[k];
    const substrings = channel.modulesPerString * channel.ref.spec.bypassDiodes;
    for (let s = 0; s < channel.strings; s++) {
      const sv = cv?.strings[s];
      let light = (sv?.currentFactor ?? 1) * (1 - soiling * v.soilingWeight * (sv?.soilingWeight ?? 1));
      condition.seriesResistanceFactor = 1;
      condition.shuntResistanceFactor = 1;
      condition.shadedSubstrings = 0;
      condition.shadeTransmission = 1;
      condition.shortedSubstrings = 0;
      condition.open = false;
      if (v.degraded && v.degraded.channel === k && v.degraded.string === s) {
        light *= 1 - v.degraded.loss;
        condition.seriesResistanceFactor = 1.3;
      }
      for (let i = 0; i < unit.window.length; i++) {
        const incident = unit.window[i] as StringIncident;
        if (unit.active[i] !== 1 || incident.channel !== k || incident.string !== s) continue;
        light *= applyEffect(incidentCondition(incident, substrings));
      }
      const fault = unit.stringFaults[k]?.[s];
      if (fault) {
        light *= applyEffect(stringFaultCondition(fault, channel.ref.spec.bypassDiodes));
      }
      condition.degradation = 1 - light;
      const now = channel.condition(s);
      if (
        now.degradation !== condition.degradation ||
        now.seriesResistanceFactor !== condition.seriesResistanceFactor ||
        now.shuntResistanceFactor !== condition.shuntResistanceFactor ||
        now.shadedSubstrings !== condition.shadedSubstrings ||
        now.shadeTransmission !== condition.shadeTransmission ||
        now.shortedSubstrings !== condition.shortedSubstrings ||
        now.open !== condition.open
      ) {
        channel.setCondition(s, condition);
      }
    }
  }
}

export function buildBattery(b: BatteryConfig): Battery {
  const maxCharge = b.maxChargeW ?? b.capacityWh / 2;
  const battery = new Battery(
    {
      capacityWh: b.capacityWh,
      maxChargeW: maxCharge,
      maxDischargeW: b.maxDischargeW ?? maxCharge,
      socMinPct: b.socMinPct ?? 10,
      socMaxPct: b.socMaxPct ?? 100,
      roundTripEfficiency: b.roundTripEfficiency ?? 0.92,
      nominalVoltage: b.nominalVoltage ?? (b.capacityWh < 30_000 ? 51.2 : 614),
    },
    b.initialSocPct ?? 50,
  );
  battery.setMode(b.mode ?? 'SELF_CONSUMPTION', b.periods ?? []);
  return battery;
}

/** Weather station measures (SunSpec 307/302/303); a sensor fault blanks the irradiance (null). */
export function writeWeatherStation(
  values: MeasureValues,
  weather: WeatherNow,
  ghi: number,
  poa: number,
  moduleTemp: number,
  sensorFault: boolean,
): void {
  values.GHI = sensorFault ? null : Math.round(ghi);
  values.POAI = sensorFault ? null : Math.round(poa);
  values.TmpAmb = round(weather.ambientC, 1);
  values.TmpBOM = round(moduleTemp, 1);
  values.WndSpd = round(weather.windMs, 1);
  values.WndDir = Math.round(weather.windDirection);
  values.RH = Math.round(weather.humidityPct);
  values.Pres = Math.round(weather.pressureHpa);
}
