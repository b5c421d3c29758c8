// The simulator's device catalogue: the built-in models and their protocol definitions (shared with the
// server's seed through @sunfleet/contracts), the model that fits a configured device, serial numbers in
// the catalogue's scheme, and a whole site built from a list of model names (the `modbus` command).
import {
  BUILT_IN_DEFINITIONS,
  BUILT_IN_MODELS,
  type BuiltInDefinition,
  type BuiltInModel,
} from '@sunfleet/contracts';
import { phasesOfDefinition, sizeInverter } from '@sunfleet/domain';
import type { InverterConfig, SiteConfig } from '../site-config.js';

export const LOGGER_MODEL = 'SF-LOGGER-4G';
export const WEATHER_MODEL = 'SF-WS-1';
/** What `modbus` serves when no --devices are given. */
export const DEFAULT_MODELS: readonly string[] = ['SF-INV-3P-10K', 'SF-BAT-10K', 'SF-MTR-3P', WEATHER_MODEL];

export function modelByName(name: string): BuiltInModel {
  const model = BUILT_IN_MODELS.find((m) => m.model === name);
  if (!model) {
    const known = BUILT_IN_MODELS.filter((m) => m.deviceType !== 'GATEWAY').map((m) => m.model);
    throw new RangeError(`unknown device model "${name}" (known: ${known.join(', ')})`);
  }
  return model;
}

export function definitionByCode(code: string): BuiltInDefinition {
  const definition = BUILT_IN_DEFINITIONS.find((d) => d.code === code);
  if (!definition) throw new RangeError(`no built-in protocol definition "${code}"`);
  return definition;
}

export function definitionOfModel(model: BuiltInModel): BuiltInDefinition {
  return definitionByCode(model.definitionCode);
}

/** Phases of a model's definition (split phase counts as single phase). */
export function phasesOf(model: BuiltInModel): 1 | 3 {
  return phasesOfDefinition(model.definitionCode);
}

function nearest(models: readonly BuiltInModel[], rating: number): BuiltInModel | undefined {
  let best: BuiltInModel | undefined;
  for (const m of models) {
    const distance = Math.abs(Math.log((m.ratedPower ?? 1) / rating));
    if (!best || distance < Math.abs(Math.log((best.ratedPower ?? 1) / rating))) best = m;
  }
  return best;
}

/** The inverter model of the same phase class with the nearest rating. */
export function inverterModelFor(ratedPowerW: number, phases: 1 | 3): BuiltInModel {
  const candidates = BUILT_IN_MODELS.filter((m) => m.deviceType === 'INVERTER' && phasesOf(m) === phases);
  const model = nearest(candidates, ratedPowerW);
  if (!model) throw new RangeError(`no ${phases}-phase inverter model`);
  return model;
}

export function batteryModelFor(capacityWh: number): BuiltInModel {
  const model = nearest(
    BUILT_IN_MODELS.filter((m) => m.deviceType === 'BATTERY'),
    capacityWh,
  );
  if (!model) throw new RangeError('no battery model');
  return model;
}

export function meterModelFor(phases: 1 | 3): BuiltInModel {
  const model = BUILT_IN_MODELS.find((m) => m.deviceType === 'METER' && phasesOf(m) === phases);
  if (!model) throw new RangeError(`no ${phases}-phase meter model`);
  return model;
}

/** `SF…` prefix + production year and month (YYMM) + six-digit serial, e.g. SFI3A2606000123. */
export function serialNumber(model: BuiltInModel, yymm: string, serial: number): string {
  const prefix = model.snPrefixes[0] ?? 'SFX';
  if (!/^\d{4}$/.test(yymm)) throw new RangeError('yymm must be four digits');
  if (!(Number.isInteger(serial) && serial >= 0 && serial <= 999_999))
    throw new RangeError('serial 0…999999');
  return `${prefix}${yymm}${String(serial).padStart(6, '0')}`;
}

/** Strings of 450 W modules sized for an inverter model (the domain's sizing, which the server shares). */
export function inverterFor(model: BuiltInModel, sn: string): InverterConfig {
  const sizing = sizeInverter(model);
  return {
    sn,
    ratedPowerW: model.ratedPower ?? 5_000,
    phases: phasesOf(model),
    mppts: Array.from({ length: sizing.channels }, () => ({
      strings: sizing.stringsPerChannel,
      modulesPerString: sizing.modulesPerString,
      tilt: 30,
      azimuth: 180,
    })),
  };
}

export interface SiteFromModels {
  id: string;
  seed: string | number;
  latitude: number;
  longitude: number;
  timeZone: string;
  models: readonly string[];
  /** Production month in the serial numbers (default '2606'). */
  yymm?: string;
  /** First serial (default 1); the devices count up from it. */
  serialBase?: number;
  faultRate?: number;
}

/**
 * A site holding the listed models: inverters (any number), at most one battery, meter and weather station.
 * Devices get serial numbers in the catalogue's scheme, counting up from `serialBase`.
 */
export function siteFromModels(opts: SiteFromModels): SiteConfig {
  const yymm = opts.yymm ?? '2606';
  let serial = opts.serialBase ?? 1;
  const config: SiteConfig = {
    id: opts.id,
    latitude: opts.latitude,
    longitude: opts.longitude,
    timeZone: opts.timeZone,
    seed: opts.seed,
    inverters: [],
    ...(opts.faultRate === undefined ? {} : { faultRate: opts.faultRate }),
  };
  for (const name of opts.models) {
    const model = modelByName(name);
    const sn = serialNumber(model, yymm, serial++);
    switch (model.deviceType) {
      case 'INVERTER':
        config.inverters.push(inverterFor(model, sn));
        break;
      case 'BATTERY':
        if (config.battery) throw new RangeError('a site has at most one battery');
        config.battery = { sn, capacityWh: model.ratedPower ?? 10_000 };
        break;
      case 'METER':
        if (config.meter) throw new RangeError('a site has at most one meter');
        config.meter = { sn, phases: phasesOf(model) };
        break;
      case 'WEATHER_STATION':
        if (config.weatherStation) throw new RangeError('a site has at most one weather station');
        config.weatherStation = { sn };
        break;
      case 'GATEWAY':
        throw new RangeError(`${name} is a logger, not a device behind one`);
    }
  }
  return config;
}
