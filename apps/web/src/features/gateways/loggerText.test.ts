import { describe, expect, it } from 'vitest';
import { fieldErrorsOf, importRowErrors, lossText, relativeAge, signalLevel } from './loggerText';

describe('logger centre wording', () => {
  const now = Date.parse('2026-06-01T12:00:00Z');

  it('says how long ago a logger was seen in the UI language', () => {
    expect(relativeAge(null, now, 'en-US')).toBe('-');
    expect(relativeAge('2026-06-01T11:59:40Z', now, 'en-US')).toBe('now');
    expect(relativeAge('2026-06-01T11:55:00Z', now, 'en-US')).toBe('5 minutes ago');
    expect(relativeAge('2026-06-01T09:00:00Z', now, 'en-US')).toBe('3 hours ago');
    expect(relativeAge('2026-05-31T10:00:00Z', now, 'de-DE')).toBe('gestern');
  });

  it('turns a signal into a level, none on Ethernet', () => {
    expect(signalLevel(null)).toBeNull();
    expect(signalLevel(-60)).toBe('good');
    expect(signalLevel(-75)).toBe('good');
    expect(signalLevel(-90)).toBe('fair');
    expect(signalLevel(-101)).toBe('poor');
  });

  it('writes packet loss in per cent, nothing without a figure', () => {
    const percent = (v: number) => `${v.toFixed(1)} %`;
    expect(lossText(null, percent)).toBe('-');
    expect(lossText(0.2, percent)).toBe('20.0 %');
    expect(lossText(0, percent)).toBe('0.0 %');
  });

  it('lists the import refusal by row, notes about the file last', () => {
    const fields = fieldErrorsOf([
      { field: 'body.file', rule: 'gateway.importInvalid', message: '3 more' },
      { field: 'row.12.SN', rule: 'gateway.snExists', message: 'row 12' },
      { field: 'row.3.Model', rule: 'gateway.modelUnknown', message: 'row 3' },
      'junk',
    ]);
    expect(importRowErrors(fields)).toEqual([
      { row: 3, column: 'Model', rule: 'gateway.modelUnknown', message: 'row 3' },
      { row: 12, column: 'SN', rule: 'gateway.snExists', message: 'row 12' },
      { row: null, column: null, rule: 'gateway.importInvalid', message: '3 more' },
    ]);
    expect(fieldErrorsOf(null)).toEqual([]);
  });
});
