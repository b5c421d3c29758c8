// From a fleet file to what the simulator runs: one SiteConfig per logger (the loggers of one station
// share its key as site id, so they see the same sky and weather) and the SimLogger options of S2's run
// configuration. Defaults by place and station type fill what the file leaves out: strings face the
// equator with a tilt from the latitude; households use 4,500 kWh a year, commercial sites ~900 kWh per
// kWp, ground plants nothing. The layout follows the type too: ground plants stand in rows (ground
// coverage ratio 0.4), commercial rooftops in denser low rows (0.6), households' modules lie on the roof
// (roof-mount cooling) among trees, chimneys and neighbours (obstacles up to 12°).
import { join } from 'node:path';
import {
  BUILT_IN_MODELS,
  FleetLimits,
  type BuiltInModel,
  type FleetDevice,
  type FleetFile,
  type FleetLogger,
  type FleetMppt,
  type FleetStation,
  type StationType,
} from '@sunfleet/contracts';
import { inverterFor, phasesOf } from '../devices/catalogue.js';
import type { WorkMode } from '../physics/battery.js';
import { FAIMAN_ROOF_MOUNT } from '../physics/celltemp.js';
import type { LoadSpec } from '../physics/load.js';
import { MODULE_450 } from '../physics/pv.js';
import type { SimLoggerOptions } from '../logger/sim-logger.js';
import type { InverterConfig, SiteConfig } from '../site-config.js';

export function modelOf(device: FleetDevice): BuiltInModel {
  const model = BUILT_IN_MODELS.find((m) => m.model === device.model);
  // checkFleetFile has refused unknown models already.
  if (!model) throw new RangeError(`unknown model ${device.model}`);
  return model;
}

/** Tilt of generated strings: steeper towards the poles, 10…35°. */
export function defaultTilt(latitude: number): number {
  return Math.round(Math.min(Math.max(Math.abs(latitude) * 0.7 + 3, 10), 35));
}

/** Generated strings face the equator. */
export function defaultAzimuth(latitude: number): number {
  return latitude >= 0 ? 180 : 0;
}

const HOUSEHOLD: ReadonlySet<StationType> = new Set(['HOUSEHOLD_PV', 'HOUSEHOLD_PV_STORAGE']);
const COMMERCIAL: ReadonlySet<StationType> = new Set(['RESIDENTIAL', 'RESIDENTIAL_STORAGE']);

const GROUND: ReadonlySet<StationType> = new Set(['GROUND_STATION', 'GROUND_STORAGE_STATION']);

/** Rows, obstacles and mounting of a station's modules, by its type. */
export function defaultLayout(type: StationType): Pick<SiteConfig, 'rows' | 'obstacles' | 'mounting'> {
  if (GROUND.has(type)) return { rows: { groundCoverageRatio: 0.4 } };
  if (COMMERCIAL.has(type)) return { rows: { groundCoverageRatio: 0.6 } };
  return { obstacles: { maxElevationDeg: 12 }, mounting: { ...FAIMAN_ROOF_MOUNT } };
}

export function defaultLoad(station: FleetStation): LoadSpec {
  if (station.load) return { ...station.load };
  if (HOUSEHOLD.has(station.type)) return { kind: 'HOUSEHOLD', annualKwh: 4_500 };
  if (COMMERCIAL.has(station.type)) return { kind: 'COMMERCIAL', annualKwh: station.capacityKwp * 900 };
  return { kind: 'NONE', annualKwh: 0 };
}

/** The trackers of an inverter entry: as written, or sized for its model facing the station's way. */
export function resolvedMppts(station: FleetStation, device: FleetDevice): FleetMppt[] {
  if (device.mppts) return device.mppts.map((m) => ({ ...m }));
  const tilt = station.tilt ?? defaultTilt(station.latitude);
  const azimuth = station.azimuth ?? defaultAzimuth(station.latitude);
  return inverterFor(modelOf(device), device.sn).mppts.map((m) => ({ ...m, tilt, azimuth }));
}

function inverterConfig(station: FleetStation, device: FleetDevice): InverterConfig {
  return {
    ...inverterFor(modelOf(device), device.sn),
    mppts: resolvedMppts(station, device),
    ...(device.initialEnergyWh === undefined ? {} : { initialEnergyWh: device.initialEnergyWh }),
    ...(device.stringFaults ? { stringFaults: device.stringFaults.map((f) => ({ ...f })) } : {}),
    ...(device.faults ? { faults: device.faults.map((f) => ({ ...f })) } : {}),
  };
}

/** Installed DC power of one inverter entry, kWp (450 W modules). */
export function inverterKwp(station: FleetStation, device: FleetDevice): number {
  const stcW = MODULE_450.vmp * MODULE_450.imp;
  const modules = resolvedMppts(station, device).reduce((sum, m) => sum + m.strings * m.modulesPerString, 0);
  return (modules * stcW) / 1_000;
}

/** Installed DC power of a station from its inverters, kWp. */
export function stationDcKwp(station: FleetStation): number {
  let sum = 0;
  for (const logger of station.loggers) {
    for (const device of logger.devices) {
      if (modelOf(device).deviceType === 'INVERTER') sum += inverterKwp(station, device);
    }
  }
  return sum;
}

/** The site behind one logger of a station. */
export function loggerSite(fleet: FleetFile, station: FleetStation, logger: FleetLogger): SiteConfig {
  const site: SiteConfig = {
    id: station.key,
    latitude: station.latitude,
    longitude: station.longitude,
    elevation: station.elevation,
    timeZone: station.timeZone,
    seed: fleet.seed,
    inverters: [],
    load: defaultLoad(station),
    ...defaultLayout(station.type),
    ...(station.cloudClimate ? { cloudClimate: { ...station.cloudClimate } } : {}),
    ...(station.faultRate === undefined ? {} : { faultRate: station.faultRate }),
  };
  for (const device of logger.devices) {
    const model = modelOf(device);
    switch (model.deviceType) {
      case 'INVERTER':
        site.inverters.push(inverterConfig(station, device));
        break;
      case 'BATTERY':
        site.battery = {
          sn: device.sn,
          capacityWh: device.capacityWh ?? model.ratedPower ?? 10_000,
          ...(device.maxPowerW === undefined
            ? {}
            : { maxChargeW: device.maxPowerW, maxDischargeW: device.maxPowerW }),
          ...(device.workMode === undefined ? {} : { mode: device.workMode satisfies WorkMode }),
          ...(device.periods ? { periods: device.periods.map((p) => ({ ...p })) } : {}),
          ...(device.initialSocPct === undefined ? {} : { initialSocPct: device.initialSocPct }),
        };
        break;
      case 'METER':
        site.meter = { sn: device.sn, phases: phasesOf(model) };
        break;
      case 'WEATHER_STATION':
        site.weatherStation = { sn: device.sn };
        break;
      case 'GATEWAY':
        throw new RangeError(`${device.sn} is a logger model`);
    }
  }
  return site;
}

export interface FleetLoggerEntry {
  station: FleetStation;
  logger: FleetLogger;
}

/** Every logger of the fleet with its station, in file order. */
export function fleetLoggers(fleet: FleetFile): FleetLoggerEntry[] {
  return fleet.stations.flatMap((station) => station.loggers.map((logger) => ({ station, logger })));
}

export interface LoggerRuntime {
  brokerUrl: string;
  /** One sub-directory per logger SN: journal and state. */
  stateDir: string;
  secret: string;
  trustedKeys?: readonly string[];
  fsync?: boolean;
  onError?: (error: Error) => void;
}

/** The SimLogger options (S2's run configuration) of one logger of the fleet. */
export function simLoggerOptions(
  fleet: FleetFile,
  entry: FleetLoggerEntry,
  runtime: LoggerRuntime,
): SimLoggerOptions {
  const { station, logger } = entry;
  const deviceModels: Record<string, string> = {};
  const deviceFirmware: Record<string, string> = {};
  const localControl: string[] = [];
  for (const device of logger.devices) {
    deviceModels[device.sn] = device.model;
    if (device.firmware !== undefined) deviceFirmware[device.sn] = device.firmware;
    if (device.localControl === true) localControl.push(device.sn);
  }
  return {
    sn: logger.sn,
    secret: runtime.secret,
    brokerUrl: runtime.brokerUrl,
    site: loggerSite(fleet, station, logger),
    bufferDir: join(runtime.stateDir, logger.sn),
    deviceModels,
    deviceFirmware,
    ...(localControl.length > 0 ? { localControl } : {}),
    model: logger.model ?? FleetLimits.defaultLoggerModel,
    ...(logger.firmware === undefined ? {} : { firmware: logger.firmware }),
    network: logger.network ?? 'CELLULAR',
    uploadInterval: logger.uploadInterval ?? 300,
    ...(logger.sampleInterval === undefined ? {} : { sampleInterval: logger.sampleInterval }),
    readings: logger.readings ?? 'values',
    trustedKeys: runtime.trustedKeys ?? [],
    ...(runtime.fsync === undefined ? {} : { fsync: runtime.fsync }),
    ...(runtime.onError ? { onError: runtime.onError } : {}),
  };
}
