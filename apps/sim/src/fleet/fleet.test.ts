// The fleet file: the demo fleet is what the docs promise, bad files are refused with every problem and
// its place, `--scale` is deterministic and stays valid, and a station's loggers share one sky.
import { checkFleetFile, StationTypes, type FleetFile } from '@sunfleet/contracts';
import { describe, expect, it } from 'vitest';
import { demoFleetPath } from '../cli/fleet-options.js';
import { main } from '../cli.js';
import { FleetError, parseFleet, readFleetFile } from './fleet-file.js';
import { fleetLoggers, loggerSite, modelOf, simLoggerOptions, stationDcKwp } from './fleet-sites.js';
import { scaleFleet } from './scale.js';

const demo = readFleetFile(demoFleetPath());
const clone = (): FleetFile => structuredClone(demo);
const problemsOf = (value: unknown): string[] => checkFleetFile(value).map((p) => `${p.path}: ${p.message}`);

function kinds(station: FleetFile['stations'][number]): Set<string> {
  return new Set(station.loggers.flatMap((l) => l.devices.map((d) => modelOf(d).deviceType)));
}

describe('the demo fleet', () => {
  it('has every station type, on several continents, with the devices its type implies', () => {
    expect(new Set(demo.stations.map((s) => s.type))).toEqual(new Set(StationTypes));
    const continents = new Set(demo.stations.map((s) => s.timeZone.split('/')[0]));
    expect(continents.size).toBeGreaterThanOrEqual(5);
    expect(demo.stations.some((s) => s.latitude < 0)).toBe(true);
    for (const station of demo.stations) {
      const has = kinds(station);
      if (station.type.includes('STORAGE')) expect(has.has('BATTERY'), station.key).toBe(true);
      if (station.type.startsWith('RESIDENTIAL')) expect(has.has('METER'), station.key).toBe(true);
      if (station.type.startsWith('GROUND')) {
        expect(has.has('WEATHER_STATION'), station.key).toBe(true);
        expect(station.capacityKwp).toBeGreaterThanOrEqual(1_000);
        expect(station.loggers.length).toBeGreaterThan(1);
      }
      expect(station.companyId === 3 || station.companyId === 4, station.key).toBe(true);
    }
  });

  it('declares the capacity its modules have', () => {
    for (const station of demo.stations) {
      expect(stationDcKwp(station) / station.capacityKwp, station.key).toBeCloseTo(1, 2);
    }
  });

  it('gives the loggers of one station the same sky, and faces strings to the equator by default', () => {
    const seville = demo.stations.find((s) => s.key === 'seville-solar-park');
    const [a, b] = (seville?.loggers ?? []).map((l) => loggerSite(demo, seville!, l));
    expect(a?.id).toBe('seville-solar-park');
    expect(b?.id).toBe(a?.id);
    expect(b?.seed).toBe(demo.seed);
    const nairobi = demo.stations.find((s) => s.key === 'nairobi-business-park')!;
    const site = loggerSite(demo, nairobi, nairobi.loggers[0]!);
    expect(site.inverters[0]?.mppts.every((m) => m.azimuth === 0)).toBe(true);
    expect(site.load).toEqual({ kind: 'COMMERCIAL', annualKwh: 85_000 });
  });
});

describe('fleet file validation', () => {
  it('accepts the demo fleet', () => {
    expect(problemsOf(demo)).toEqual([]);
  });

  it('marks devices controlled on site (localControl) for their logger, and refuses a non-boolean', () => {
    const fleet = clone();
    const device = fleet.stations[0]!.loggers[0]!.devices[0]!;
    device.localControl = true;
    expect(problemsOf(fleet)).toEqual([]);
    const entry = fleetLoggers(fleet)[0]!;
    const runtime = { brokerUrl: 'mqtt://127.0.0.1:1', stateDir: '/tmp/none', secret: 's' };
    expect(simLoggerOptions(fleet, entry, runtime).localControl).toEqual([device.sn]);
    expect(simLoggerOptions(demo, fleetLoggers(demo)[0]!, runtime)).not.toHaveProperty('localControl');
    (device as unknown as Record<string, unknown>).localControl = 'yes';
    expect(problemsOf(fleet)).toEqual(['stations[0].loggers[0].devices[0].localControl: must be boolean']);
  });

  it('lists schema problems with their place', () => {
    const fleet = clone() as unknown as Record<string, unknown> & FleetFile;
    (fleet as unknown as Record<string, unknown>).colour = 'blue';
    (fleet.stations[0] as unknown as Record<string, unknown>).latitude = 123;
    (fleet.stations[1] as unknown as Record<string, unknown>).type = 'CASTLE';
    (fleet.stations[2]!.loggers[0]! as unknown as Record<string, unknown>).sn = 'bad sn';
    const problems = problemsOf(fleet);
    expect(problems).toContain('(file): unknown field "colour"');
    expect(problems).toContain('stations[0].latitude: must be <= 90');
    expect(problems.find((p) => p.startsWith('stations[1].type:'))).toContain('HOUSEHOLD_PV');
    expect(problems.find((p) => p.startsWith('stations[2].loggers[0].sn:'))).toContain('must match pattern');
  });

  it('lists what a schema cannot say: keys, SNs, models, prefixes, one battery, unit ids, zones', () => {
    const fleet = clone();
    const munich = fleet.stations[0]!;
    const devices = munich.loggers[0]!.devices;
    fleet.stations[1]!.key = munich.key;
    munich.timeZone = 'Europe/Atlantis';
    devices.push({ sn: 'SFB12606000099', model: 'SF-BAT-10K' });
    devices.push({ sn: devices[0]!.sn, model: 'SF-INV-3P-10K' });
    devices.push({ sn: 'SFX2606000001', model: 'SF-TOASTER' });
    devices.push({ sn: 'SFM12606000042', model: 'SF-INV-1P-5K' });
    devices[1]!.unitId = 7;
    devices[0]!.capacityWh = 5_000;
    const problems = problemsOf(fleet);
    const expected = [
      'stations[1].key: "munich-home" is already used by stations[0]',
      'stations[0].timeZone: "Europe/Atlantis" is not an IANA time zone',
      'stations[0].loggers[0].devices: at most one battery per logger',
      `stations[0].loggers[0].devices[4].sn: ${devices[0]!.sn} is already used at stations[0].loggers[0].devices[0]`,
      'stations[0].loggers[0].devices[6].sn: SFM12606000042 does not start with SFI1, the SN prefix of SF-INV-1P-5K',
      'stations[0].loggers[0].devices[1].unitId: must be 4: unit ids go inverters first (in file order), then battery, meter, weather station',
      'stations[0].loggers[0].devices[0].capacityWh: applies to batteries only',
    ];
    for (const line of expected) expect(problems).toContain(line);
    expect(problems.find((p) => p.includes('devices[5].model'))).toContain('unknown model "SF-TOASTER"');
  });

  it('takes string faults on inverters, passes them to the site, and refuses ones that cannot be', () => {
    const fleet = clone();
    const munich = fleet.stations[0]!;
    const inverter = munich.loggers[0]!.devices[0]!;
    inverter.stringFaults = [
      { mppt: 1, string: 1, kind: 'SHADED_MODULE', substrings: 2, transmission: 0.3 },
      { mppt: 2, string: 1, kind: 'OPEN_STRING' },
    ];
    expect(problemsOf(fleet)).toEqual([]);
    expect(loggerSite(fleet, munich, munich.loggers[0]!).inverters[0]!.stringFaults).toEqual(
      inverter.stringFaults,
    );
    expect(
      loggerSite(demo, demo.stations[0]!, demo.stations[0]!.loggers[0]!).inverters[0],
    ).not.toHaveProperty('stringFaults');
    inverter.stringFaults = [
      { mppt: 3, string: 1, kind: 'OPEN_STRING' },
      { mppt: 1, string: 2, kind: 'DEGRADED' },
      { mppt: 1, string: 1, kind: 'DEGRADED', transmission: 0.5 },
      { mppt: 1, string: 1, kind: 'OPEN_STRING' },
    ];
    munich.loggers[0]!.devices[1]!.stringFaults = [{ mppt: 1, string: 1, kind: 'OPEN_STRING' }];
    const at = 'stations[0].loggers[0].devices';
    expect(problemsOf(fleet)).toEqual([
      `${at}[0].stringFaults[0].mppt: the inverter has 2 MPPT inputs`,
      `${at}[0].stringFaults[1].string: MPPT 1 has 1 string`,
      `${at}[0].stringFaults[2].transmission: applies to SHADED_MODULE only`,
      `${at}[0].stringFaults[3]: string 1 of MPPT 1 already has a fault`,
      `${at}[1].stringFaults: applies to inverters only`,
    ]);
    (inverter.stringFaults[0] as unknown as Record<string, unknown>).kind = 'STOLEN';
    expect(problemsOf(fleet).find((p) => p.startsWith(`${at}[0].stringFaults[0].kind`))).toContain(
      'OPEN_STRING',
    );
  });

  it('throws one FleetError naming the file and every problem', () => {
    const fleet = clone();
    fleet.stations[0]!.currency = 'euro';
    fleet.stations[3]!.loggers[0]!.uploadInterval = 2;
    expect(() => parseFleet(fleet, 'fleet.json')).toThrow(FleetError);
    try {
      parseFleet(fleet, 'fleet.json');
    } catch (error) {
      const message = (error as Error).message;
      expect(message).toMatch(/^fleet\.json is not a valid fleet file \(2 problems\):/);
      expect(message).toContain('stations[0].currency');
      expect(message).toContain('stations[3].loggers[0].uploadInterval: must be >= 5');
    }
  });

  it('makes the CLI exit 2 with the problems', async () => {
    const err: string[] = [];
    const code = await main(['fleet', '--fleet', '/nonexistent/fleet.json'], {
      out: () => undefined,
      err: (l) => err.push(l),
    });
    expect(code).toBe(2);
    expect(err.join('\n')).toContain('cannot read /nonexistent/fleet.json: ENOENT');
  });
});

describe('--scale', () => {
  it('is deterministic, keeps the original first, and stays a valid fleet with fresh serial numbers', () => {
    const first = scaleFleet(demo, 3);
    expect(scaleFleet(demo, 3)).toEqual(first);
    expect(scaleFleet(demo, 1)).toBe(demo);
    expect(first.stations).toHaveLength(demo.stations.length * 3);
    expect(first.stations.slice(0, demo.stations.length)).toEqual(demo.stations);
    expect(checkFleetFile(first)).toEqual([]);
    const sns = fleetLoggers(first).flatMap(({ logger }) => [logger.sn, ...logger.devices.map((d) => d.sn)]);
    expect(new Set(sns).size).toBe(sns.length);
    const copy = first.stations[demo.stations.length]!;
    const original = demo.stations[0]!;
    expect(copy.key).toBe(`${original.key}-2`);
    expect(copy.type).toBe(original.type);
    expect(Math.abs(copy.latitude - original.latitude)).toBeLessThanOrEqual(0.5);
    expect(copy.loggers[0]!.sn).not.toBe(original.loggers[0]!.sn);
    expect(copy.loggers[0]!.sn.slice(0, 8)).toBe(original.loggers[0]!.sn.slice(0, 8));
    expect(copy.capacityKwp / original.capacityKwp).toBeGreaterThan(0.8);
    expect(copy.capacityKwp / original.capacityKwp).toBeLessThan(1.25);
    expect(stationDcKwp(copy) / copy.capacityKwp).toBeCloseTo(1, 2);
  });

  it('draws from the seed: another seed scatters the copies elsewhere', () => {
    const other = scaleFleet({ ...demo, seed: 'another' }, 2);
    expect(other.stations[demo.stations.length]!.latitude).not.toBe(
      scaleFleet(demo, 2).stations[demo.stations.length]!.latitude,
    );
  });
});
