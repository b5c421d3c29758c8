// The string monitor judges inputs by their reported currents against their peers': it raises only for a
// low input, only after it has stayed low, only when there is light enough to judge, and clears after a
// recovery; inputs facing another way are not compared.
import { describe, expect, it } from 'vitest';
import type { MpptChannel } from './pv-array.js';
import { STRING_CURRENT_LOW, StringMonitor, type MonitoredInput } from './string-monitor.js';

const SN = 'SFI3C2606000099';
const IMP = 10.85;
const STEP = 300;

/** Stand-ins for channels: only the operating point is read. */
function channels(currents: readonly number[]): MpptChannel[] {
  return currents.map((i) => ({ operating: { i, v: 700, p: i * 700, vd: 0 } }) as unknown as MpptChannel);
}

const SOUTH: MonitoredInput = { strings: 1, tilt: 25, azimuth: 180 };
const EAST: MonitoredInput = { strings: 1, tilt: 25, azimuth: 90 };

function run(monitor: StringMonitor, currents: readonly number[], steps: number, from: number): number {
  let ts = from;
  for (let k = 0; k < steps; k++) monitor.evaluate((ts += STEP * 1_000), STEP, channels(currents), true);
  return ts;
}

describe('string monitor', () => {
  it('raises for an input that stays below 85 % of its peers, after 15 minutes, and clears after recovery', () => {
    const monitor = new StringMonitor(SN, [SOUTH, SOUTH, SOUTH, SOUTH], IMP);
    let ts = run(monitor, [8, 8.1, 7.9, 8], 6, 0);
    expect(monitor.hasChanges).toBe(false);
    ts = run(monitor, [8, 8.1, 6.4, 8], 2, ts); // 80 %: two steps, 10 minutes
    expect(monitor.hasChanges).toBe(false);
    ts = run(monitor, [8, 8.1, 6.4, 8], 1, ts);
    const [opened] = monitor.drainChanges();
    expect(opened).toMatchObject({
      dev: SN,
      code: STRING_CURRENT_LOW.code,
      level: 'PROMPT',
      start: ts,
      end: null,
      message: 'String current low: PV3 at 80 % of its peers',
    });
    expect(StringMonitor.inputOf(opened!)).toBe(3);
    // In the hysteresis band (88 %) it stays open; at 95 % for 15 minutes it clears.
    ts = run(monitor, [8, 8.1, 7.04, 8], 6, ts);
    expect(monitor.hasChanges).toBe(false);
    ts = run(monitor, [8, 8.1, 7.6, 8], 3, ts);
    expect(monitor.drainChanges()).toEqual([{ ...opened, end: ts }]);
  });

  it('compares only inputs facing the same way, and judges nothing in weak light or while idle', () => {
    const monitor = new StringMonitor(SN, [SOUTH, SOUTH, EAST], IMP);
    // The east input at half the south ones' current: a different orientation, not a fault.
    run(monitor, [8, 8, 4], 12, 0);
    expect(monitor.drainChanges()).toEqual([]);
    expect(monitor.ratios(channels([8, 8, 4]))).toEqual([1, 1, null]);
    // Dawn: peers below 40 % of the module's rated current (4.3 A) — no verdict, even at 50 %.
    run(monitor, [4, 2, 2], 12, 0);
    expect(monitor.drainChanges()).toEqual([]);
    // Not feeding in: nothing judged.
    for (let k = 1; k <= 12; k++) monitor.evaluate(k * STEP * 1_000, STEP, channels([8, 4, 8]), false);
    expect(monitor.drainChanges()).toEqual([]);
  });

  it('holds its peers as the median of the others (one bad peer does not make the rest low)', () => {
    const monitor = new StringMonitor(
      SN,
      Array.from({ length: 5 }, () => SOUTH),
      IMP,
    );
    const ratios = monitor.ratios(channels([8, 8.2, 7.8, 8.1, 4]));
    expect(ratios[4]).toBeCloseTo(4 / 8.05, 6);
    expect(ratios[0]).toBeCloseTo(8 / 7.95, 6);
    run(monitor, [8, 8.2, 7.8, 8.1, 4], 3, 0);
    expect(monitor.drainChanges().map((r) => StringMonitor.inputOf(r))).toEqual([5]);
  });

  it('divides an input current by its strings before comparing', () => {
    const monitor = new StringMonitor(SN, [{ ...SOUTH, strings: 2 }, SOUTH, SOUTH], IMP);
    expect(monitor.ratios(channels([16, 8, 8]))).toEqual([1, 1, 1]);
  });

  it('re-opens alarms left open by a previous run and closes them with their id', () => {
    const first = new StringMonitor(SN, [SOUTH, SOUTH, SOUTH], IMP);
    const ts = run(first, [8, 5, 8], 3, 0);
    const [opened] = first.drainChanges();
    const second = new StringMonitor(SN, [SOUTH, SOUTH, SOUTH], IMP);
    second.restore(first.openRecords());
    expect(second.openRecords()).toEqual([opened]);
    const end = run(second, [8, 8, 8], 3, ts);
    expect(second.drainChanges()).toEqual([{ ...opened, end }]);
  });
});
