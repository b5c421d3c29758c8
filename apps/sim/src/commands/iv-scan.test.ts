// Each fault a fleet file can set on a string shapes the curves the simulator's iv.scan reports (the
// command's own result, rounded as it is sent) so that the diagnosis of packages/domain names it; healthy
// strings are normal, a scan in low light is not judged, and the same fleet gives the same curves.
import {
  checkFleetFile,
  PV_MODULE_SF_M450,
  type FleetFile,
  type FleetStringFault,
} from '@sunfleet/contracts';
import { diagnoseIvScan, diagnoseIvString, type IvStringScan } from '@sunfleet/domain';
import { describe, expect, it } from 'vitest';
import { loggerSite } from '../fleet/fleet-sites.js';
import { SiteSimulator } from '../site.js';
import { scanInverter, type IvScanCurve } from './iv-scan.js';

const INV = 'SFI3B2606000001';
const MODULES = 14;
const MIDNIGHT = Date.parse('2026-06-10T00:00:00+02:00');
const HOUR = 3_600_000;

/** A 50 kW inverter, four inputs of two strings of 14 modules, with the given string faults. */
function fleetWith(stringFaults: FleetStringFault[]): FleetFile {
  return {
    version: 1,
    seed: 'iv-faults',
    stations: [
      {
        key: 'iv-test-field',
        name: 'IV test field',
        type: 'GROUND_STATION',
        companyId: 3,
        address: 'Munich',
        latitude: 48.14,
        longitude: 11.58,
        elevation: 520,
        timeZone: 'Europe/Berlin',
        capacityKwp: 50.4,
        price: 0.1,
        currency: 'EUR',
        faultRate: 0,
        cloudClimate: { clearDays: 0.999, overcastDays: 0.0005 },
        loggers: [
          {
            sn: 'SFLG2606000009',
            devices: [
              {
                sn: INV,
                model: 'SF-INV-3P-50K',
                mppts: Array.from({ length: 4 }, () => ({
                  strings: 2,
                  modulesPerString: MODULES,
                  tilt: 30,
                  azimuth: 180,
                })),
                stringFaults,
              },
            ],
          },
        ],
      },
    ],
  };
}

/** The site of the fleet's one logger, stepped every 5 minutes from midnight to `hour` (local). */
function siteAt(fleet: FleetFile, hour: number): SiteSimulator {
  expect(checkFleetFile(fleet)).toEqual([]);
  const station = fleet.stations[0]!;
  const site = new SiteSimulator(loggerSite(fleet, station, station.loggers[0]!));
  for (let ts = MIDNIGHT + 300_000; ts <= MIDNIGHT + hour * HOUR; ts += 300_000) site.step(ts, 300);
  return site;
}

function asScan(curve: IvScanCurve): IvStringScan {
  return {
    v: curve.v,
    i: curve.i,
    irradiance: curve.irradiance,
    cellTemp: curve.cellTemp,
    module: PV_MODULE_SF_M450,
    modulesInSeries: MODULES,
  };
}

/** The verdict of every string, keyed 'mppt/string'. */
function verdicts(curves: readonly IvScanCurve[]): Record<string, string> {
  const diagnoses = diagnoseIvScan(curves.map(asScan));
  return Object.fromEntries(curves.map((c, k) => [`${c.mppt}/${c.string}`, diagnoses[k]!.verdict]));
}

const FAULTS: FleetStringFault[] = [
  { mppt: 1, string: 2, kind: 'SHADED_MODULE' },
  { mppt: 2, string: 1, kind: 'BYPASS_DIODE_SHORT' },
  { mppt: 3, string: 1, kind: 'DEGRADED' },
  { mppt: 4, string: 1, kind: 'OPEN_STRING' },
];

describe('string faults from the fleet file, diagnosed from iv.scan', () => {
  const site = siteAt(fleetWith(FAULTS), 13);
  const curves = scanInverter(site, INV, { points: 100 });

  it('names each fault, and finds the healthy strings normal', () => {
    expect(curves[0]!.irradiance).toBeGreaterThan(800);
    expect(verdicts(curves)).toEqual({
      '1/1': 'NORMAL',
      '1/2': 'SHADING',
      '2/1': 'BYPASS_DIODE_FAILED',
      '2/2': 'NORMAL',
      '3/1': 'DEGRADATION',
      '3/2': 'NORMAL',
      '4/1': 'OPEN_STRING',
      '4/2': 'NORMAL',
    });
  });

  it('names each fault without peers too (against the expected curve alone)', () => {
    const alone = curves.map((c) => diagnoseIvString(asScan(c)).verdict);
    expect(alone).toEqual([
      'NORMAL',
      'SHADING',
      'BYPASS_DIODE_FAILED',
      'NORMAL',
      'DEGRADATION',
      'NORMAL',
      'OPEN_STRING',
      'NORMAL',
    ]);
  });

  it('gives the evidence: a bypass step of a quarter of Isc, one substring of 42 lost, the fill factor down', () => {
    const [, shaded, shorted, , degraded] = diagnoseIvScan(curves.map(asScan));
    expect(shaded!.shape.stepDepth).toBeGreaterThan(0.15);
    expect(shaded!.shape.steps).toBe(1);
    expect(shorted!.substringsLost).toBe(1);
    expect(shorted!.evidence[0]!.ratio).toBeCloseTo(1 - 1 / 42, 2);
    expect(degraded!.evidence[0]).toMatchObject({ figure: 'fillFactor', against: 'peers' });
    expect(degraded!.evidence[0]!.ratio).toBeLessThan(0.92);
  });

  it("agrees with the simulator's healthy strings: the translated datasheet within a few percent", () => {
    const healthy = diagnoseIvScan(curves.map(asScan)).filter((_, k) => [0, 3, 5, 7].includes(k));
    expect(healthy).toHaveLength(4);
    for (const d of healthy) {
      const ratio = Object.fromEntries(d.comparisons.map((c) => [c.figure, c.ratio!]));
      expect(Math.abs(ratio.voc! - 1)).toBeLessThan(0.01);
      expect(Math.abs(ratio.fillFactor! - 1)).toBeLessThan(0.01);
      // Current and power: less by the strings' soiling (up to a few percent) and module tolerance.
      expect(ratio.isc).toBeGreaterThan(0.9);
      expect(ratio.isc).toBeLessThan(1.02);
      expect(d.pmaxStc! / (41.5 * 10.85 * MODULES)).toBeGreaterThan(0.9);
    }
  });

  it('shapes the live readings too: the input with an open string carries half the current', () => {
    const values = site.readings.find((r) => r.sn === INV)!.values;
    expect((values.DCA_4 as number) / (values.DCA_2 as number)).toBeGreaterThan(0.45);
    expect((values.DCA_4 as number) / (values.DCA_2 as number)).toBeLessThan(0.55);
  });

  it('gives the same curves from the same fleet (seeded, deterministic)', () => {
    expect(scanInverter(siteAt(fleetWith(FAULTS), 13), INV, { points: 100 })).toEqual(curves);
  });
});

describe('string faults set by a test', () => {
  it('shapes the scan at once, and clearing it makes the string normal again', () => {
    const site = siteAt(fleetWith([]), 13);
    expect(Object.values(verdicts(scanInverter(site, INV, {})))).toEqual(Array(8).fill('NORMAL'));
    // A thin shadow over one substring: 80 % of the light still reaches it.
    site.setStringFault(INV, { mppt: 2, string: 2, kind: 'SHADED_MODULE', substrings: 1, transmission: 0.8 });
    expect(verdicts(scanInverter(site, INV, {}))['2/2']).toBe('SHADING');
    site.setStringFault(INV, { mppt: 2, string: 2, kind: 'BYPASS_DIODE_SHORT', substrings: 2 });
    const two = diagnoseIvScan(scanInverter(site, INV, {}).map(asScan))[3]!;
    expect(two).toMatchObject({ verdict: 'BYPASS_DIODE_FAILED', substringsLost: 2 });
    site.setStringFault(INV, { mppt: 2, string: 2, kind: null });
    expect(verdicts(scanInverter(site, INV, {}))['2/2']).toBe('NORMAL');
    expect(() => site.setStringFault(INV, { mppt: 5, string: 1, kind: 'OPEN_STRING' })).toThrow(
      /no such string/,
    );
    expect(() =>
      site.setStringFault(INV, { mppt: 1, string: 1, kind: 'BYPASS_DIODE_SHORT', substrings: 42 }),
    ).toThrow(/at most 41 of its 42 bypass diodes/);
  });

  it('reads a covered string (less current, a normal shape) as a mismatch', () => {
    const site = siteAt(fleetWith([]), 12);
    site.injectStringIncident(INV, {
      kind: 'COVER',
      mppt: 3,
      string: 2,
      start: MIDNIGHT + 12 * HOUR,
      severity: 0.3,
    });
    for (let ts = MIDNIGHT + 12 * HOUR + 300_000; ts <= MIDNIGHT + 13 * HOUR; ts += 300_000)
      site.step(ts, 300);
    const curves = scanInverter(site, INV, {});
    expect(verdicts(curves)['3/2']).toBe('MISMATCH');
    const d = diagnoseIvScan(curves.map(asScan))[5]!;
    expect(d.evidence[0]).toMatchObject({ figure: 'isc', against: 'peers' });
    expect(d.evidence[0]!.ratio).toBeLessThan(0.85);
  });

  it('does not judge a scan in the morning light (below 600 W/m²), faults or not', () => {
    const site = siteAt(fleetWith(FAULTS), 7.5);
    const curves = scanInverter(site, INV, {});
    expect(curves[0]!.irradiance).toBeLessThan(600);
    expect(Object.values(verdicts(curves))).toEqual(Array(8).fill('NOT_JUDGEABLE'));
  });
});
