import { describe, expect, it } from 'vitest';
import { PV_MODULE_SF_M450, type IvHistoryPoint, type PvString } from '@sunfleet/contracts';
import { ApiError } from '../../lib/request';
import { historySeries } from './historySeries';
import {
  CUSTOM_MODULE,
  fromValues,
  nameplateW,
  refusalOf,
  toValues,
  withString,
  withoutString,
} from './pvStringForm';

const builtIns = [PV_MODULE_SF_M450];
const string = (mppt: number, n: number, modulesInSeries = 14): PvString => ({
  mppt,
  string: n,
  modulesInSeries,
  module: { ...PV_MODULE_SF_M450 },
});

describe('PV string form', () => {
  it('shows a built-in module as chosen, coefficients in %/K, and gives the same string back', () => {
    const values = toValues(string(2, 1), builtIns, []);
    expect(values.builtIn).toBe('SF-M450');
    expect(values.betaVocPct).toBe(-0.28);
    expect(values.alphaIscPct).toBe(0.048);
    expect(fromValues(values)).toEqual(string(2, 1));
  });

  it('shows any other datasheet as entered, and proposes the next string for a new one', () => {
    const other = { ...string(1, 1), module: { ...PV_MODULE_SF_M450, model: 'XY-400', voc: 48 } };
    expect(toValues(other, builtIns, []).builtIn).toBe(CUSTOM_MODULE);
    const next = toValues(undefined, builtIns, [string(1, 1, 12)]);
    expect([next.mppt, next.string, next.modulesInSeries, next.builtIn]).toEqual([1, 2, 12, 'SF-M450']);
  });

  it('adds, changes and removes one string of the list, kept by input then string', () => {
    const list = [string(1, 1), string(2, 1)];
    expect(withString(list, null, string(1, 2)).map((s) => `${s.mppt}/${s.string}`)).toEqual([
      '1/1',
      '1/2',
      '2/1',
    ]);
    expect(withString(list, 1, string(2, 1, 10))[1]?.modulesInSeries).toBe(10);
    expect(withoutString(list, 0)).toEqual([string(2, 1)]);
    expect(nameplateW(string(1, 1, 10))).toBeCloseTo(41.5 * 10.85 * 10, 6);
  });

  it('reads the server’s refusal: its rule and the string it names', () => {
    const refused = new ApiError({
      kind: 'status',
      status: 4000,
      enMsg: 'pv.moduleInvalid',
      data: [{ field: 'body.strings[2].module', rule: 'pv.moduleInvalid', message: 'vmp must be below voc' }],
    });
    expect(refusalOf(refused)).toEqual({ rule: 'pv.moduleInvalid', index: 2 });
    expect(refusalOf(new ApiError({ kind: 'timeout' }))).toBeNull();
    expect(refusalOf(new Error('x'))).toBeNull();
  });
});

describe('IV history series', () => {
  it('follows Pmax at STC per string over time, unjudged scans as gaps, strings never judged left out', () => {
    const point = (at: number, pmaxStc: number | null): IvHistoryPoint => ({
      taskId: '00000000-0000-4000-8000-000000000000',
      at,
      irradiance: 800,
      cellTemp: 40,
      pmax: 4000,
      pmaxStc,
      fillFactor: 0.77,
      verdict: pmaxStc === null ? 'NOT_JUDGEABLE' : 'NORMAL',
    });
    const series = historySeries({
      deviceId: 1,
      deviceSn: 'SN',
      strings: [
        { mppt: 2, string: 1, points: [point(3, 6000), point(1, 6100), point(2, null)] },
        { mppt: 1, string: 1, points: [point(1, null)] },
        { mppt: 1, string: 2, points: [point(1, 5900)] },
      ],
    });
    expect(series.map((s) => s.key)).toEqual(['1/2', '2/1']);
    expect(series[1]?.points).toEqual([
      [1, 6100],
      [2, null],
      [3, 6000],
    ]);
  });
});
