// Every code the simulator emits has an entry in the built-in fault-code catalogue the server seeds
// (packages/contracts protocol/fault-codes), for the same device type and at the same level.
import { BUILT_IN_FAULT_CODES } from '@sunfleet/contracts';
import { describe, expect, it } from 'vitest';
import { FAULT_CATALOGUE } from './faults.js';
import { STRING_CURRENT_LOW } from './string-monitor.js';

describe('simulated faults and the fault-code catalogue', () => {
  const emitted = [
    ...FAULT_CATALOGUE.map((f) => ({ code: f.code, level: f.level, device: f.device, message: f.message })),
    {
      code: STRING_CURRENT_LOW.code,
      level: STRING_CURRENT_LOW.level,
      device: 'INVERTER' as const,
      message: STRING_CURRENT_LOW.message,
    },
  ];

  it.each(emitted)('code $code ($message) has a catalogue entry for its device type and level', (fault) => {
    const entry = BUILT_IN_FAULT_CODES.find((f) => f.code === fault.code && f.deviceType === fault.device);
    expect(entry).toBeDefined();
    expect(entry?.level).toBe(fault.level);
    expect(entry?.texts.EN.description).toBe(fault.message);
  });
});
