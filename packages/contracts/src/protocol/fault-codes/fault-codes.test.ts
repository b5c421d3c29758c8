import { describe, expect, it } from 'vitest';
import { LANGUAGE_KEYS } from '../../languages.js';
import { FaultCodeLimits } from '../../api/fault-codes.js';
import { CLOUD_ALARM_CODES } from '../../api/alarms.js';
import { BUILT_IN_FAULT_CODES, CLOUD_FAULT_CODES, SunSpecEventCodeBase } from './index.js';

describe('built-in fault-code catalogue', () => {
  it('has one entry per device type and code', () => {
    const keys = BUILT_IN_FAULT_CODES.map((f) => `${f.deviceType}|${f.code}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('writes description, cause and handling steps in every language, within the limits', () => {
    const entries = [
      ...BUILT_IN_FAULT_CODES,
      ...CLOUD_FAULT_CODES.map((f) => ({ ...f, deviceType: 'global' })),
    ];
    for (const entry of entries) {
      for (const language of LANGUAGE_KEYS) {
        const text = entry.texts[language];
        const where = `${entry.deviceType} ${entry.code} ${language}`;
        expect(text.description.trim(), where).not.toBe('');
        expect(text.cause.trim(), where).not.toBe('');
        expect(text.handling, where).toMatch(/^1\. \S/);
        expect(text.description.length, where).toBeLessThanOrEqual(FaultCodeLimits.descriptionMax);
        expect(text.cause.length, where).toBeLessThanOrEqual(FaultCodeLimits.causeMax);
        expect(text.handling.length, where).toBeLessThanOrEqual(FaultCodeLimits.handlingMax);
      }
      // Translated, not copied: the German and Italian descriptions differ from the English one.
      expect(entry.texts.DE.description, String(entry.code)).not.toBe(entry.texts.EN.description);
      expect(entry.texts.ITA.description, String(entry.code)).not.toBe(entry.texts.EN.description);
    }
  });

  it('names every code the cloud’s alarm rules raise, once, as a global entry', () => {
    const codes = CLOUD_FAULT_CODES.map((f) => f.code);
    expect([...codes].sort()).toEqual(Object.values(CLOUD_ALARM_CODES).sort());
    // No device code collides with them: a global entry would otherwise explain a device's own alarm.
    expect(BUILT_IN_FAULT_CODES.filter((f) => codes.includes(f.code))).toEqual([]);
  });

  it('covers the SunSpec event bits of inverters (16), meters (2–7) and batteries (model 802)', () => {
    const codes = (type: string) =>
      BUILT_IN_FAULT_CODES.filter((f) => f.deviceType === type).map((f) => f.code);
    for (let bit = 0; bit < 16; bit++)
      expect(codes('INVERTER')).toContain(SunSpecEventCodeBase.inverter + bit);
    for (let bit = 2; bit <= 7; bit++) expect(codes('METER')).toContain(SunSpecEventCodeBase.meter + bit);
    for (const bit of [0, 1, 2, 13, 20, 22, 23, 24, 29])
      expect(codes('BATTERY')).toContain(SunSpecEventCodeBase.battery + bit);
    expect(codes('BATTERY')).not.toContain(SunSpecEventCodeBase.battery + 27); // RESERVED_1
  });
});
