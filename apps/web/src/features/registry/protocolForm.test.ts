import { describe, expect, it } from 'vitest';
import { DEFINITION_CODE_PATTERN, RegistryLimits, patternRegExp } from '@sunfleet/contracts';
import { copyCode, mergeIssues, onlyRows } from './protocolForm';
import { ruleBody } from './DeviceRuleFormModal';
import type { RegisterCheck } from './registerValidation';

describe('copyCode', () => {
  it('gives a copy a new, valid code', () => {
    expect(copyCode('sunspec-inverter-3p')).toBe('sunspec-inverter-3p-copy');
    expect(copyCode('sunspec-inverter-3p-copy')).toBe('sunspec-inverter-3p-copy2');
    expect(copyCode('meter-copy2')).toBe('meter-copy3');
  });

  it('stays within the code length and pattern', () => {
    const long = 'a'.repeat(RegistryLimits.codeMax);
    const code = copyCode(long);
    expect(code).toHaveLength(RegistryLimits.codeMax);
    expect(code.endsWith('-copy')).toBe(true);
    expect(patternRegExp(DEFINITION_CODE_PATTERN).test(code)).toBe(true);
  });
});

describe('what the editor shows', () => {
  const check: RegisterCheck = {
    rows: new Map([
      ['a', { key: { message: 'rule.cannotBeBlank' } }],
      ['b', { address: { message: 'registry.error.overlap', values: { other: 'x' } } }],
    ]),
    overlapping: new Set(['b']),
    ok: false,
  };

  it('hides problems of rows just added, but still refuses to save', () => {
    const shown = onlyRows(check, new Set(['a']));
    expect([...shown.rows.keys()]).toEqual(['b']);
    expect(shown.ok).toBe(false);
    expect(onlyRows(check, new Set(['b'])).overlapping.size).toBe(0);
  });

  it('adds the server’s problems without hiding the client’s', () => {
    const merged = mergeIssues(
      { rows: new Map(), overlapping: new Set(), ok: true },
      new Map([['c', { min: { message: 'rule.type' } }]]),
    );
    expect(merged.ok).toBe(false);
    expect(merged.rows.get('c')?.min?.message).toBe('rule.type');
    const both = mergeIssues(check, new Map([['b', { address: { message: 'X' }, max: { message: 'Y' } }]]));
    expect(both.rows.get('b')?.address?.message).toBe('registry.error.overlap');
    expect(both.rows.get('b')?.max?.message).toBe('Y');
  });
});

describe('device rule body', () => {
  it('trims, leaves an empty remark out when creating and clears it when editing', () => {
    expect(ruleBody({ snPrefix: ' SFI ', modelId: 3, remark: '  ' }, false)).toEqual({
      snPrefix: 'SFI',
      modelId: 3,
    });
    expect(ruleBody({ snPrefix: 'SFI', modelId: 3, remark: '' }, true)).toEqual({
      snPrefix: 'SFI',
      modelId: 3,
      remark: null,
    });
    expect(ruleBody({ snPrefix: 'SFI', modelId: 3, remark: ' 10 kW ' }, true).remark).toBe('10 kW');
  });
});
