import { BUILT_IN_DEFINITIONS, RemoteLimits, type RegisterDefinition } from '@sunfleet/contracts';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../lib/errors.js';
import { planWrites, spansOf, SPAN_GAP_MAX, writeRuns, type PlannedWrite } from './register-plan.js';
import { overallState } from './remote-channel.js';

const register = (key: string, address: number, count = 1, extra: Partial<RegisterDefinition> = {}) =>
  ({
    key,
    nameKey: `register.${key}`,
    address,
    count,
    dataType: count === 1 ? 'U16' : 'STRING',
    scale: 0,
    unit: '',
    group: 'g',
    writable: true,
    min: null,
    max: null,
    column: null,
    ...extra,
  }) satisfies RegisterDefinition;

const refusal = (run: () => unknown): string => {
  try {
    run();
  } catch (error) {
    if (error instanceof AppError) return error.enMsg;
    throw error;
  }
  return 'accepted';
};

describe('read spans', () => {
  it('merges neighbours across small gaps and splits where the gap or the request would grow too large', () => {
    const spans = spansOf([
      register('a', 100),
      register('b', 101, 4),
      register('c', 105 + SPAN_GAP_MAX),
      register('d', 106 + 2 * SPAN_GAP_MAX + 1),
    ]);
    expect(spans).toEqual([
      { address: 100, count: 6 + SPAN_GAP_MAX },
      { address: 106 + 2 * SPAN_GAP_MAX + 1, count: 1 },
    ]);
    const long = Array.from({ length: 200 }, (_, i) => register(`r${i}`, i));
    expect(spansOf(long).map((s) => s.count)).toEqual([
      RemoteLimits.readCountMax,
      200 - RemoteLimits.readCountMax,
    ]);
  });

  it('covers every register of every built-in definition within one request per span', () => {
    for (const definition of BUILT_IN_DEFINITIONS) {
      const spans = spansOf(definition.registers);
      for (const r of definition.registers)
        expect(spans.some((s) => r.address >= s.address && r.address + r.count <= s.address + s.count)).toBe(
          true,
        );
      expect(spans.every((s) => s.count <= RemoteLimits.readCountMax)).toBe(true);
    }
  });
});

describe('write plans', () => {
  it('joins contiguous changes into one register.write, at most writeCountMax registers each', () => {
    const writes: PlannedWrite[] = Array.from({ length: 130 }, (_, i) => ({
      key: `r${i}`,
      address: 1000 + i,
      words: [i],
      requested: i,
      registers: [],
    }));
    writes.push({ key: 'far', address: 5000, words: [1], requested: 1, registers: [] });
    expect(writeRuns(writes).map((r) => [r.address, r.words.length])).toEqual([
      [1000, RemoteLimits.writeCountMax],
      [1000 + RemoteLimits.writeCountMax, 130 - RemoteLimits.writeCountMax],
      [5000, 1],
    ]);
  });

  it('encodes strings, addresses and versions in the register’s format, refusing what does not fit', () => {
    const registers = [
      register('Name', 10, 2, { dataType: 'STRING' }),
      register('Ip', 20, 2, { dataType: 'IP' }),
      register('Ver', 30, 1, { dataType: 'VERSION' }),
    ];
    const [name, ip, version] = planWrites(registers, [
      { key: 'Name', value: 'Abc' },
      { key: 'Ip', value: '192.168.1.10' },
      { key: 'Ver', value: 'V2.3' },
    ]);
    expect(name).toMatchObject({ words: [0x4162, 0x6300], requested: 'Abc' });
    expect(ip).toMatchObject({ words: [0xc0a8, 0x010a], requested: '192.168.1.10' });
    expect(version).toMatchObject({ words: [0x0203], requested: '2.3' });
    expect(refusal(() => planWrites(registers, [{ key: 'Name', value: 'Abcde' }]))).toBe('rule.stringFormat');
    expect(refusal(() => planWrites(registers, [{ key: 'Ip', value: '300.1.1.1' }]))).toBe('rule.ipInvalid');
    // The version rule allows three parts; the register holds major.minor only.
    expect(refusal(() => planWrites(registers, [{ key: 'Ver', value: '1.2.3' }]))).toBe('rule.versionFormat');
    expect(refusal(() => planWrites(null, [{ key: 'Ver', value: '1.2' }]))).toBe('remote.noDefinition');
  });
});

describe('the outcome of several commands', () => {
  it('is DONE only when all are, FAILED or EXPIRED as soon as one is, else the least advanced open state', () => {
    expect(overallState(['DONE', 'DONE'])).toBe('DONE');
    expect(overallState([])).toBe('DONE');
    expect(overallState(['DONE', 'ACKNOWLEDGED', 'SENT'])).toBe('SENT');
    expect(overallState(['ACKNOWLEDGED', 'PENDING'])).toBe('PENDING');
    expect(overallState(['SENT', 'EXPIRED'])).toBe('EXPIRED');
    expect(overallState(['EXPIRED', 'FAILED', 'DONE'])).toBe('FAILED');
  });
});
