import { describe, expect, it } from 'vitest';
import { MpptChannel } from './pv-array.js';
import {
  MODULE_450,
  currentAtVoltage,
  fitModule,
  maxPowerPoint,
  moduleAt,
  newDiodeModel,
  newOperatingPoint,
  openCircuitVoltage,
  shortCircuitCurrent,
} from './pv.js';

const ref = fitModule(MODULE_450);

function at(irradiance: number, temp: number) {
  const m = moduleAt(ref, irradiance, temp, newDiodeModel());
  return {
    m,
    mpp: maxPowerPoint(m, newOperatingPoint()),
    voc: openCircuitVoltage(m),
    isc: shortCircuitCurrent(m),
  };
}

/** Local maxima of P along a sampled curve (ignoring ripples under 0.5 % of the peak). */
function powerPeaks(voltage: number[], current: number[]): number[] {
  const p = voltage.map((v, i) => v * current[i]!);
  const top = Math.max(...p);
  return p.filter((x, i) => i > 0 && i < p.length - 1 && x > p[i - 1]! && x >= p[i + 1]! && x > 0.1 * top);
}

describe('single-diode module model', () => {
  it('reproduces the datasheet at STC (Voc, Isc, Vmp, Imp within 0.5 %)', () => {
    const stc = at(1_000, 25);
    expect(stc.voc).toBeCloseTo(MODULE_450.voc, 1);
    expect(stc.isc).toBeCloseTo(MODULE_450.isc, 2);
    expect(Math.abs(stc.mpp.v / MODULE_450.vmp - 1)).toBeLessThan(0.005);
    expect(Math.abs(stc.mpp.i / MODULE_450.imp - 1)).toBeLessThan(0.005);
  });

  it('derates with temperature like a PERC module (Voc −0.25…−0.32 %/K, Pmax −0.30…−0.42 %/K)', () => {
    const cold = at(1_000, 25);
    const hot = at(1_000, 65);
    const vocCoefficient = (hot.voc / cold.voc - 1) / 40;
    const pmaxCoefficient = (hot.mpp.p / cold.mpp.p - 1) / 40;
    expect(vocCoefficient).toBeLessThan(-0.0025);
    expect(vocCoefficient).toBeGreaterThan(-0.0032);
    expect(pmaxCoefficient).toBeLessThan(-0.003);
    expect(pmaxCoefficient).toBeGreaterThan(-0.0042);
  });

  it('keeps its efficiency in low light (≥ 93 % of STC at 200 W/m²) and produces nothing in the dark', () => {
    expect(at(200, 25).mpp.p / 200 / (at(1_000, 25).mpp.p / 1_000)).toBeGreaterThan(0.93);
    expect(at(0, 25).mpp.p).toBe(0);
    expect(at(0, 25).voc).toBe(0);
  });

  it('finds the true maximum (the curve is lower 1 % to either side)', () => {
    const { m, mpp } = at(640, 41);
    for (const dv of [-0.01, 0.01]) {
      const v = mpp.v * (1 + dv);
      expect(v * currentAtVoltage(m, v)).toBeLessThan(mpp.p);
    }
    expect(currentAtVoltage(m, mpp.v)).toBeCloseTo(mpp.i, 6);
  });
});

describe('MPPT channel and IV scans', () => {
  it('gives an IV scan whose Pmax, Voc and Isc agree with the live operating point', () => {
    const channel = new MpptChannel(ref, 2, 12);
    const live = channel.update(820, 47);
    const scan = channel.ivScan(0, 120);
    expect(scan.voltage).toHaveLength(120);
    expect(Math.abs(scan.pmax / (live.p / 2) - 1)).toBeLessThan(0.001);
    expect(Math.abs(scan.vmp / live.v - 1)).toBeLessThan(0.002);
    expect(scan.voc).toBeCloseTo(channel.channelVoc(), 6);
    expect(scan.current[0]).toBeCloseTo(scan.isc, 2);
    expect(scan.current.at(-1)).toBe(0);
    expect(scan.fillFactor).toBeGreaterThan(0.7);
    expect(scan.fillFactor).toBeLessThan(0.85);
  });

  it('shows bypass-diode steps and two power maxima when part of a string is shaded', () => {
    const channel = new MpptChannel(ref, 2, 12);
    const healthy = channel.update(900, 45).p;
    channel.setCondition(1, { shadedSubstrings: 9, shadeTransmission: 0.2 });
    const shaded = channel.update(900, 45).p;
    expect(shaded).toBeLessThan(healthy * 0.95);
    const scan = channel.ivScan(1, 200);
    expect(powerPeaks(scan.voltage, scan.current).length).toBeGreaterThanOrEqual(2);
    expect(scan.fillFactor).toBeLessThan(0.65);
    // The unshaded string still has the healthy shape; the shaded one carries less current at the MPP.
    expect(powerPeaks(channel.ivScan(0, 200).voltage, channel.ivScan(0, 200).current)).toHaveLength(1);
    expect(channel.stringCurrent(1)).toBeLessThan(channel.stringCurrent(0));
    expect(channel.stringCurrent(0) + channel.stringCurrent(1)).toBeCloseTo(channel.mpp.i, 2);
  });

  it('loses current and fill factor when a string degrades, and recovers when it clears', () => {
    const channel = new MpptChannel(ref, 1, 10);
    channel.update(1_000, 40);
    const healthy = channel.ivScan(0);
    channel.setCondition(0, { degradation: 0.12, shuntResistanceFactor: 0.1 });
    channel.update(1_000, 40);
    const degraded = channel.ivScan(0);
    expect(degraded.isc).toBeLessThan(healthy.isc * 0.9);
    expect(degraded.fillFactor).toBeLessThan(healthy.fillFactor);
    channel.setCondition(0, { degradation: 0, shuntResistanceFactor: 1 });
    expect(channel.update(1_000, 40).p).toBeCloseTo(healthy.pmax, 3);
  });

  it('holds the array right of the MPP at a requested power (what clipping does)', () => {
    const channel = new MpptChannel(ref, 2, 14);
    const mpp = { ...channel.update(1_000, 50) };
    const held = channel.limit(mpp.p * 0.6);
    expect(held.p).toBeCloseTo(mpp.p * 0.6, 0);
    expect(held.v).toBeGreaterThan(mpp.v);
    expect(channel.stringCurrent(0)).toBeCloseTo(held.i / 2, 9);
  });
});
