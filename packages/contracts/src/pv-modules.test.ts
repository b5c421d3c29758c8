import { Value } from 'typebox/value';
import { describe, expect, it } from 'vitest';
import {
  BUILT_IN_PV_MODULES,
  checkPvModuleDatasheet,
  PvModuleDatasheet,
  PV_MODULE_SF_M450,
} from './pv-modules.js';

describe('PV module datasheets', () => {
  it('accepts the built-in module', () => {
    for (const module of BUILT_IN_PV_MODULES) {
      expect(Value.Check(PvModuleDatasheet, module)).toBe(true);
      expect(checkPvModuleDatasheet(module)).toEqual([]);
    }
  });

  it('refuses a maximum power point outside the curve, a fill factor no module has, uneven substrings', () => {
    const m = PV_MODULE_SF_M450;
    expect(checkPvModuleDatasheet({ ...m, vmp: 50 })).toEqual(['vmp must be below voc']);
    expect(checkPvModuleDatasheet({ ...m, imp: 11.5 })).toEqual(['imp must be below isc']);
    expect(checkPvModuleDatasheet({ ...m, vmp: 20, imp: 5 })).toEqual([
      'a fill factor of 0.18 is not one of a crystalline module (0.5…0.9)',
    ]);
    expect(checkPvModuleDatasheet({ ...m, bypassDiodes: 5 })).toEqual([
      'the cells in series must split evenly among the bypass diodes',
    ]);
    expect(Value.Check(PvModuleDatasheet, { ...m, betaVoc: 0.003 })).toBe(false);
  });
});
