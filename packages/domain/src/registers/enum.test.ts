import { BUILT_IN_DEFINITIONS, InverterState } from '@sunfleet/contracts';
import { describe, expect, it } from 'vitest';
import { decodeEnum } from './enum.js';

const inverter = BUILT_IN_DEFINITIONS.find((d) => d.code === 'sunspec-inverter-3p')!;
const storage = BUILT_IN_DEFINITIONS.find((d) => d.code === 'sunspec-storage')!;
const labelsOf = (definition: typeof inverter, key: string) =>
  definition.registers.find((r) => r.key === key)?.values;

describe('enumerated register values', () => {
  it('names the SunSpec operating states and switches of the built-in inverter', () => {
    expect(decodeEnum(labelsOf(inverter, 'St'), InverterState.MPPT)).toEqual({
      kind: 'label',
      value: 4,
      nameKey: 'registerValue.St.4',
    });
    expect(decodeEnum(labelsOf(inverter, 'St'), '7')).toMatchObject({ nameKey: 'registerValue.St.7' });
    expect(decodeEnum(labelsOf(inverter, 'Conn'), 1)).toMatchObject({ nameKey: 'registerValue.Conn.1' });
    expect(decodeEnum(labelsOf(inverter, 'WMaxLim_Ena'), 0)).toMatchObject({
      nameKey: 'registerValue.disabled',
    });
  });

  it('names the storage work modes and charge states', () => {
    expect(decodeEnum(labelsOf(storage, 'WorkMode'), 4)).toMatchObject({
      nameKey: 'registerValue.WorkMode.4',
    });
    expect(decodeEnum(labelsOf(storage, 'ChaSt'), 3)).toMatchObject({ nameKey: 'registerValue.ChaSt.3' });
  });

  it('keeps a value the definition does not name as an unknown number', () => {
    expect(decodeEnum(labelsOf(inverter, 'St'), 42)).toEqual({ kind: 'unknown', value: 42 });
    expect(decodeEnum(labelsOf(inverter, 'St'), 4.5)).toEqual({ kind: 'unknown', value: 4.5 });
  });

  it('leaves plain measures and empty readings alone', () => {
    expect(decodeEnum(labelsOf(inverter, 'W'), 4)).toBeNull();
    expect(decodeEnum([], 4)).toBeNull();
    expect(decodeEnum(labelsOf(inverter, 'St'), null)).toBeNull();
    expect(decodeEnum(labelsOf(inverter, 'St'), '')).toBeNull();
    expect(decodeEnum(labelsOf(inverter, 'St'), 'MPPT')).toBeNull();
  });
});
