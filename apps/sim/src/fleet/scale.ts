// `--scale N`: the fleet N times over, deterministically — copy 1 is the file itself; copies 2…N get new
// station keys and serial numbers (the next free serials of each SN prefix and production month, so
// device rules still recognise them) and jittered places, orientations, string lengths and consumption,
// all drawn from the fleet seed. For tests and benchmarks of large fleets.
import type { FleetDevice, FleetFile, FleetLogger, FleetStation } from '@sunfleet/contracts';
import { phasesOf } from '../devices/catalogue.js';
import { Rng, seedOf } from '../physics/random.js';
import { modelOf, resolvedMppts, stationDcKwp } from './fleet-sites.js';

const SN_RE = /^(.*\D)(\d{4})(\d{6})$/;
const SERIAL_MAX = 999_999;

/** Hands out serial numbers after the highest one the original fleet uses, per prefix + YYMM. */
class SerialPool {
  private readonly next = new Map<string, number>();

  constructor(fleet: FleetFile) {
    for (const station of fleet.stations) {
      for (const logger of station.loggers) {
        for (const sn of [logger.sn, ...logger.devices.map((d) => d.sn)]) {
          const match = SN_RE.exec(sn);
          if (!match) continue;
          const key = `${match[1]}${match[2]}`;
          this.next.set(key, Math.max(this.next.get(key) ?? 0, Number(match[3]) + 1));
        }
      }
    }
  }

  renew(sn: string, copy: number): string {
    const match = SN_RE.exec(sn);
    if (!match) return `${sn}-${copy}`;
    const key = `${match[1]}${match[2]}`;
    const serial = this.next.get(key) ?? 0;
    if (serial > SERIAL_MAX) throw new RangeError(`--scale: no serial numbers left after ${key}999999`);
    this.next.set(key, serial + 1);
    return `${key}${String(serial).padStart(6, '0')}`;
  }
}

const clamp = (value: number, low: number, high: number): number => Math.min(Math.max(value, low), high);
const round = (value: number, digits: number): number => Number(value.toFixed(digits));

function scaledDevice(
  station: FleetStation,
  device: FleetDevice,
  rng: Rng,
  factor: number,
  pool: SerialPool,
  copy: number,
): FleetDevice {
  const model = modelOf(device);
  const { unitId: _unitId, ...rest } = device;
  const out: FleetDevice = { ...rest, sn: pool.renew(device.sn, copy) };
  if (model.deviceType === 'INVERTER') {
    const [low, high] = phasesOf(model) === 3 ? [8, 18] : [6, 11];
    const turn = rng.uniform(-15, 15);
    const lean = rng.uniform(-5, 5);
    out.mppts = resolvedMppts(station, device).map((m) => ({
      strings: m.strings,
      modulesPerString: clamp(
        Math.round(m.modulesPerString * factor),
        Math.min(low, m.modulesPerString),
        Math.max(high, m.modulesPerString),
      ),
      tilt: round(clamp(m.tilt + lean, 0, 60), 1),
      azimuth: round((m.azimuth + turn + 360) % 360, 1),
    }));
  }
  return out;
}

function scaledStation(
  fleet: FleetFile,
  station: FleetStation,
  copy: number,
  pool: SerialPool,
): FleetStation {
  const rng = new Rng(seedOf(fleet.seed, station.key, copy, 'scale'));
  const factor = rng.uniform(0.85, 1.15);
  const { load, ...rest } = station;
  const scaled: FleetStation = {
    ...rest,
    key: `${station.key.slice(0, 56)}-${copy}`,
    name: `${station.name.slice(0, 90)} ${copy}`,
    latitude: round(clamp(station.latitude + rng.uniform(-0.5, 0.5), -89.9, 89.9), 4),
    longitude: round(((station.longitude + rng.uniform(-0.5, 0.5) + 540) % 360) - 180, 4),
    ...(load ? { load: { ...load, annualKwh: Math.round(load.annualKwh * rng.uniform(0.8, 1.2)) } } : {}),
    loggers: station.loggers.map((logger): FleetLogger => ({
      ...logger,
      sn: pool.renew(logger.sn, copy),
      devices: logger.devices.map((d) => scaledDevice(station, d, rng, factor, pool, copy)),
    })),
  };
  scaled.capacityKwp = round(stationDcKwp(scaled), 2);
  return scaled;
}

/** The fleet `times` times over (1 = unchanged). The same fleet and factor always give the same result. */
export function scaleFleet(fleet: FleetFile, times: number): FleetFile {
  if (!(Number.isInteger(times) && times >= 1)) throw new RangeError('the scale is a whole number ≥ 1');
  if (times === 1) return fleet;
  const pool = new SerialPool(fleet);
  const stations = [...fleet.stations];
  for (let copy = 2; copy <= times; copy++) {
    for (const station of fleet.stations) stations.push(scaledStation(fleet, station, copy, pool));
  }
  return { ...fleet, stations };
}
