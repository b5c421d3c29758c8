// The diagnosis rules on curves made to order: the expected curve of figures changed the way each fault
// changes them. The same rules on curves the simulator's physics shapes: apps/sim/src/commands/
// iv-scan.test.ts.
import { IvDiagnosis, PV_MODULE_SF_M450 as M, type IvFigures } from '@sunfleet/contracts';
import { Value } from 'typebox/value';
import { describe, expect, it } from 'vitest';
import {
  diagnoseIvScan,
  diagnoseIvString,
  IV_MIN_IRRADIANCE,
  MISMATCH_EXPECTED_RATIO,
  MISMATCH_PEER_RATIO,
  type IvStringScan,
} from './diagnosis.js';
import { expectedIv, expectedIvCurve } from './expected.js';

const string12 = { module: M, modulesInSeries: 12 };
const expected = expectedIv(string12, 900, 45);
const NAMEPLATE = 41.5 * 10.85 * 12;
/** One substring's share of the string's Voc: 12 modules × 3 bypass diodes. */
const SUBSTRING = 1 / 36;

/** A scan whose points follow the expected curve with figures scaled by `k`. */
function scan(
  k: Partial<Record<keyof IvFigures, number>> = {},
  over: Partial<IvStringScan> = {},
): IvStringScan {
  const f: IvFigures = {
    voc: expected.voc * (k.voc ?? 1),
    isc: expected.isc * (k.isc ?? 1),
    vmp: expected.vmp * (k.vmp ?? 1),
    imp: expected.imp * (k.imp ?? 1),
    pmax: 0,
    fillFactor: 0,
  };
  const curve = expectedIvCurve(f, 60);
  return { ...string12, irradiance: 900, cellTemp: 45, v: curve.v, i: curve.i, ...over };
}

describe('diagnoseIvString', () => {
  it('finds a string that follows its expected curve normal, at its nameplate power', () => {
    const d = diagnoseIvString(scan(), [scan(), scan()]);
    expect(d.verdict).toBe('NORMAL');
    expect(d.evidence).toEqual([]);
    expect(d.peers).toBe(2);
    for (const c of d.comparisons) {
      expect(c.ratio).toBeCloseTo(1, 2);
      expect(c.relative).toBeCloseTo(1, 9);
    }
    expect(d.pmaxStc! / NAMEPLATE).toBeCloseTo(1, 2);
    expect(d.shape).toMatchObject({ steps: 0, powerPeaks: 1 });
  });

  it('does not judge a scan below 600 W/m² or with too few points, and says why', () => {
    const dim = diagnoseIvString(scan({}, { irradiance: 450 }));
    expect(dim.verdict).toBe('NOT_JUDGEABLE');
    expect(dim.evidence).toEqual([
      {
        figure: 'irradiance',
        measured: 450,
        reference: IV_MIN_IRRADIANCE,
        against: 'limit',
        ratio: 0.75,
        limit: 1,
      },
    ]);
    expect(dim.pmaxStc).toBeNull();
    // Figures and the expected ones are still there to show.
    expect(dim.figures.voc).toBeGreaterThan(0);
    expect(dim.expected.isc).toBeCloseTo(expectedIv(string12, 450, 45).isc, 9);
    const few = scan();
    const sparse = diagnoseIvString({ ...few, v: few.v.slice(0, 9), i: few.i.slice(0, 9) });
    expect(sparse.verdict).toBe('NOT_JUDGEABLE');
    expect(sparse.evidence[0]).toMatchObject({ figure: 'points', measured: 9, reference: 10 });
  });

  it('calls a string without current open, whatever its peers carry', () => {
    const healthy = scan();
    const open = { ...healthy, i: healthy.i.map(() => 0) };
    for (const peers of [[], [healthy], [open]]) {
      const d = diagnoseIvString(open, peers);
      expect(d.verdict).toBe('OPEN_STRING');
      expect(d.evidence).toEqual([
        { figure: 'isc', measured: 0, reference: expected.isc, against: 'expected', ratio: 0, limit: 0.05 },
      ]);
    }
  });

  it('reads a Voc short by whole substrings as failed bypass diodes, and half a substring more as a mismatch', () => {
    for (const lost of [1, 2, 3]) {
      const k = 1 - lost * SUBSTRING;
      const d = diagnoseIvString(scan({ voc: k, vmp: k }), [scan(), scan()]);
      expect(d.verdict).toBe('BYPASS_DIODE_FAILED');
      expect(d.substringsLost).toBe(lost);
      expect(d.evidence).toHaveLength(1);
      expect(d.evidence[0]).toMatchObject({ figure: 'voc', against: 'peers' });
      expect(d.evidence[0]!.ratio).toBeCloseTo(k, 3);
    }
    const between = 1 - 2.5 * SUBSTRING;
    const d = diagnoseIvString(scan({ voc: between, vmp: between }), [scan(), scan()]);
    expect(d.verdict).toBe('MISMATCH');
    expect(d.evidence.map((e) => e.figure)).toEqual(['voc']);
    expect(d.substringsLost).toBe(0);
  });

  it('reads a low fill factor as degradation', () => {
    // The maximum power point sinks into the curve: series resistance up, shunt resistance down.
    const d = diagnoseIvString(scan({ vmp: 0.93, imp: 0.95 }), [scan(), scan(), scan()]);
    expect(d.verdict).toBe('DEGRADATION');
    expect(d.evidence[0]).toMatchObject({ figure: 'fillFactor', against: 'peers', limit: 0.93 });
    expect(d.evidence[0]!.ratio).toBeLessThan(0.93);
    expect(d.pmaxStc! / NAMEPLATE).toBeCloseTo(0.93 * 0.95, 2);
  });

  it('reads steps in the curve as shading', () => {
    // Above 85 % of Voc the current drops to a quarter: the shaded substrings stop being bypassed.
    const healthy = scan();
    const stepped = {
      ...healthy,
      i: healthy.i.map((i, k) =>
        healthy.v[k]! > 0.85 * expected.voc ? Math.min(i, 0.25 * expected.isc) : i,
      ),
    };
    const d = diagnoseIvString(stepped, [healthy, healthy]);
    expect(d.verdict).toBe('SHADING');
    expect(d.shape.steps).toBe(1);
    expect(d.evidence[0]).toMatchObject({ figure: 'stepDepth', against: 'limit', limit: 1 });
    expect(d.evidence[0]!.measured).toBeGreaterThan(0.2);
  });

  it('compares the current with the peers: 15 % less than they carry is a mismatch', () => {
    const low = scan({ isc: 0.85, imp: 0.85 });
    const d = diagnoseIvString(low, [scan(), scan(), scan()]);
    expect(d.verdict).toBe('MISMATCH');
    const isc = d.evidence.find((e) => e.figure === 'isc')!;
    expect(isc).toMatchObject({ against: 'peers', limit: MISMATCH_PEER_RATIO });
    expect(isc.ratio).toBeCloseTo(0.85, 3);
    expect(isc.reference).toBeCloseTo(expected.isc, 6);
    expect(d.evidence.map((e) => e.figure)).toEqual(['isc', 'pmax']);
  });

  it('lets the peers cancel what the whole scan shares (a sensor reading 25 % high): alone it is a mismatch', () => {
    const all = [0, 1, 2, 3].map(() => scan({ isc: 0.8, imp: 0.8 }));
    expect(diagnoseIvScan(all).map((d) => d.verdict)).toEqual(['NORMAL', 'NORMAL', 'NORMAL', 'NORMAL']);
    const alone = diagnoseIvString(all[0]!);
    expect(alone.verdict).toBe('MISMATCH');
    expect(alone.peers).toBe(0);
    expect(alone.evidence[0]).toMatchObject({
      figure: 'isc',
      against: 'expected',
      limit: MISMATCH_EXPECTED_RATIO,
    });
  });

  it('leaves open and shaded peers out of the figures they distort', () => {
    const healthy = scan();
    const open = { ...healthy, i: healthy.i.map(() => 0) };
    const stepped = {
      ...healthy,
      i: healthy.i.map((i, k) =>
        healthy.v[k]! > 0.85 * expected.voc ? Math.min(i, 0.25 * expected.isc) : i,
      ),
    };
    const d = diagnoseIvString(healthy, [open, stepped, healthy]);
    expect(d.verdict).toBe('NORMAL');
    expect(d.peers).toBe(2);
    const ff = d.comparisons.find((c) => c.figure === 'fillFactor')!;
    expect(ff.relative).toBeCloseTo(1, 9);
  });
});

describe('diagnoseIvScan', () => {
  it('judges every string against the others, as diagnoseIvString does', () => {
    const strings = [
      scan(),
      scan({ isc: 0.8, imp: 0.8 }),
      scan({ voc: 1 - SUBSTRING, vmp: 1 - SUBSTRING }),
      scan(),
    ];
    const all = diagnoseIvScan(strings);
    expect(all.map((d) => d.verdict)).toEqual(['NORMAL', 'MISMATCH', 'BYPASS_DIODE_FAILED', 'NORMAL']);
    all.forEach((d, k) =>
      expect(d).toEqual(
        diagnoseIvString(
          strings[k]!,
          strings.filter((_, j) => j !== k),
        ),
      ),
    );
  });
});

describe('the result', () => {
  it("has the contracts' shape (what the server serves), whatever the verdict", () => {
    const healthy = scan();
    const results = [
      ...diagnoseIvScan([healthy, scan({ isc: 0.8, imp: 0.8 }), scan({ vmp: 0.9 }), healthy]),
      diagnoseIvString(scan({}, { irradiance: 300 })),
      diagnoseIvString({ ...healthy, i: healthy.i.map(() => 0) }),
    ];
    expect(new Set(results.map((d) => d.verdict))).toEqual(
      new Set(['NORMAL', 'MISMATCH', 'DEGRADATION', 'NOT_JUDGEABLE', 'OPEN_STRING']),
    );
    for (const d of results) expect(Value.Check(IvDiagnosis, d)).toBe(true);
  });
});
