// Building blocks of a site: inverter units (an inverter with its trackers' orientation, thermal state,
// faults and reading), the battery from its configuration, and the string-level fault effects.
import { Battery } from './physics/battery.js';
import { DeviceFaults, type SimDeviceType } from './physics/faults.js';
import { Inverter, channelKeys, round, type ChannelKeys } from './physics/inverter.js';
import { MpptChannel } from './physics/pv-array.js';
import { MODULE_450, fitModule, type ModuleReference, type ModuleSpec } from './physics/pv.js';
import { Rng, seedOf } from './physics/random.js';
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

/** One inverter with its trackers' orientation and thermal state. */
export interface InverterUnit {
  config: InverterConfig;
  inverter: Inverter;
  mppts: MpptConfig[];
  cellTemps: Float64Array;
  keys: ChannelKeys[];
  faults: DeviceFaults;
  reading: DeviceReading;
  /** Where a shading/degradation fault was applied: [channel, string], or null. */
  shaded: [number, number] | null;
  degraded: [number, number] | null;
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
  return {
    config: c,
    inverter,
    mppts: c.mppts,
    cellTemps: new Float64Array(c.mppts.length).fill(Number.NaN),
    keys: channelKeys(c.mppts.length),
    faults: new DeviceFaults(c.sn, 'INVERTER', new Rng(seedOf(seed, c.sn, 'faults')), faultRate),
    reading: { sn: c.sn, type: 'INVERTER', readable: true, values: {} },
    shaded: null,
    degraded: null,
  };
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

/**
 * Applies or removes the string-level effects of shading and degradation faults. Which tracker, how many
 * substrings and how dark come from the fault's seeded `detail`, so a replay shades the same cells.
 */
export function applyStringFaults(unit: InverterUnit): void {
  const channels = unit.inverter.channels;
  const shading = unit.faults.find('SHADING');
  if (shading && !unit.shaded) {
    const k = Math.min(Math.floor(shading.detail * channels.length), channels.length - 1);
    const channel = channels[k] as MpptChannel;
    const substrings = channel.modulesPerString * channel.ref.spec.bypassDiodes;
    const shaded = Math.max(1, Math.round(substrings * (0.1 + 0.3 * ((shading.detail * 7) % 1))));
    channel.setCondition(0, {
      shadedSubstrings: shaded,
      shadeTransmission: 0.2 + 0.15 * ((shading.detail * 13) % 1),
    });
    unit.shaded = [k, 0];
  } else if (!shading && unit.shaded) {
    const [k, s] = unit.shaded;
    channels[k]?.setCondition(s, { shadedSubstrings: 0, shadeTransmission: 1 });
    unit.shaded = null;
  }
  const degradation = unit.faults.find('DEGRADATION');
  if (degradation && !unit.degraded) {
    const k = Math.min(Math.floor(degradation.detail * channels.length), channels.length - 1);
    const channel = channels[k] as MpptChannel;
    const s = channel.strings - 1;
    channel.setCondition(s, { degradation: 0.08 + 0.1 * degradation.detail, shuntResistanceFactor: 0.15 });
    unit.degraded = [k, s];
  } else if (!degradation && unit.degraded) {
    const [k, s] = unit.degraded;
    channels[k]?.setCondition(s, { degradation: 0, shuntResistanceFactor: 1 });
    unit.degraded = null;
  }
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
