import { describe, expect, it } from 'vitest';
import { Battery } from './battery.js';
import { newDispatchPlan, planDispatch, settleIsland } from './dispatch.js';

const spec = {
  capacityWh: 5_000,
  maxChargeW: 2_000,
  maxDischargeW: 2_000,
  socMinPct: 10,
  socMaxPct: 100,
  roundTripEfficiency: 0.9,
  nominalVoltage: 51.2,
};

describe('site dispatch', () => {
  it('on grid lets the work mode decide and takes all PV', () => {
    const plan = planDispatch(new Battery(spec, 50), 5_000, 1_000, true, 720, 300, newDispatchPlan());
    expect(plan).toEqual({ batteryW: -2_000, pvTargetW: 5_000, loadServedW: 1_000 });
  });

  it('off grid curtails PV to what the house and the battery take', () => {
    const plan = planDispatch(new Battery(spec, 50), 5_000, 1_000, false, 720, 300, newDispatchPlan());
    expect(plan).toEqual({ batteryW: -2_000, pvTargetW: 3_000, loadServedW: 1_000 });
    settleIsland(new Battery(spec, 50), 2_990, 1_000, 300, plan);
    expect(plan.batteryW).toBeCloseTo(-1_990, 9);
    expect(plan.loadServedW).toBeCloseTo(1_000, 9);
  });

  it('off grid collapses when the battery cannot carry the house, and without a battery', () => {
    expect(planDispatch(new Battery(spec, 50), 0, 3_000, false, 1_200, 300, newDispatchPlan())).toEqual({
      batteryW: 0,
      pvTargetW: 0,
      loadServedW: 0,
    });
    expect(planDispatch(null, 4_000, 500, false, 720, 300, newDispatchPlan()).loadServedW).toBe(0);
  });
});
