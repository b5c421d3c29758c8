// The `run --config` form's remote-operation knobs: devices controlled on site and registers that revert
// (fault injection) reach the loggers' options; malformed ones are refused with their JSON path.
import { describe, expect, it } from 'vitest';
import { ConfigError, parseRunConfig } from './run-config.js';

const logger = {
  sn: 'SFLG2606000001',
  secret: 's',
  devices: ['SF-INV-3P-10K', 'SF-BAT-10K'],
  latitude: 48.14,
  longitude: 11.58,
  timeZone: 'Europe/Berlin',
};
const config = (extra: Record<string, unknown>) => ({
  broker: 'mqtt://127.0.0.1:1883',
  loggers: [{ ...logger, ...extra }],
});

describe('run --config: localControl and pinnedRegisters', () => {
  it('passes them to the logger', () => {
    const parsed = parseRunConfig(
      config({ localControl: ['SFI3A2606000101'], pinnedRegisters: { SFI3A2606000101: ['WMaxLimPct'] } }),
      '/tmp',
    );
    expect(parsed.loggers[0]).toMatchObject({
      localControl: ['SFI3A2606000101'],
      pinnedRegisters: { SFI3A2606000101: ['WMaxLimPct'] },
    });
    expect(parseRunConfig(config({}), '/tmp').loggers[0]).not.toHaveProperty('localControl');
  });

  it.each([
    [{ localControl: 'SFI3A2606000101' }, 'config.loggers[0].localControl: must be a list of device SNs'],
    [
      { pinnedRegisters: { SFI3A2606000101: 'WMaxLimPct' } },
      'config.loggers[0].pinnedRegisters: must map device SNs to lists of register keys',
    ],
  ])('refuses %j', (extra, message) => {
    expect(() => parseRunConfig(config(extra), '/tmp')).toThrow(ConfigError);
    expect(() => parseRunConfig(config(extra), '/tmp')).toThrow(message);
  });
});
