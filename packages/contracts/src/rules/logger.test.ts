import { describe, it, expect } from 'vitest';
import { validateLoggerSn } from './logger.js';
import { RuleMessage } from './messages.js';

describe('validateLoggerSn', () => {
  it.each(['ABC123', 'SN-2024_000001', 'a'.repeat(32)])('accepts %s', (sn) => {
    expect(validateLoggerSn(sn)).toBeNull();
  });

  it.each(['ABC12', 'a'.repeat(33), 'SN 123456', 'SN#123456', 'SN.123456', '序列号123456'])(
    'rejects %j',
    (sn) => {
      expect(validateLoggerSn(sn)).toBe('GatewaySNError');
    },
  );

  it('asks for a value when blank', () => {
    expect(validateLoggerSn('')).toBe(RuleMessage.cannotBeBlank);
    expect(validateLoggerSn(undefined)).toBe(RuleMessage.cannotBeBlank);
  });
});
