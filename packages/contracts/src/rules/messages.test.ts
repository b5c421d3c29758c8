import { describe, it, expect } from 'vitest';
import CORE_EN from '../../locales/core/EN.json' with { type: 'json' };
import CN from '../../locales/rules/CN.json' with { type: 'json' };
import DE from '../../locales/rules/DE.json' with { type: 'json' };
import EN from '../../locales/rules/EN.json' with { type: 'json' };
import ITA from '../../locales/rules/ITA.json' with { type: 'json' };
import { Limits } from '../limits.js';
import { codePointLength, firstFailure, isBlank, RuleMessage } from './messages.js';

const keys = Object.values(RuleMessage);
const tables: Record<string, Record<string, string>> = { EN, CN, DE, ITA };

describe('RuleMessage translations', () => {
  it.each(Object.keys(tables))('%s has a non-empty text for every key and nothing else', (language) => {
    const table = tables[language]!;
    for (const key of keys) expect(table[key]?.trim(), `${language} ${key}`).toBeTruthy();
    expect(Object.keys(table).sort()).toEqual([...keys].sort());
  });

  it('keys are unique and do not clash with the core table', () => {
    expect(new Set(keys).size).toBe(keys.length);
    for (const key of keys) expect(Object.keys(CORE_EN)).not.toContain(key);
  });

  it('uses the spec wording in English', () => {
    expect(EN[RuleMessage.passwordMismatch]).toBe('Do not match!');
    expect(EN[RuleMessage.verificationCodeInvalid]).toBe('Please enter 6 digits');
    expect(EN[RuleMessage.loggerSnInvalid]).toBe('Wrong Logger SN');
    expect(EN[RuleMessage.timePeriodDuplicate]).toBe('There are duplicates in the time period');
    expect(EN[RuleMessage.selectUpToSix]).toBe('select up to six items');
  });

  it('texts that quote a limit quote the one in Limits', () => {
    const quoted: [string, number][] = [
      [RuleMessage.userDescriptionTooLong, Limits.userDescriptionMax],
      [RuleMessage.deviceTypeNameTooLong, Limits.deviceTypeNameMax],
      [RuleMessage.addressValueTooLong, Limits.addressValueMax],
      [RuleMessage.currencyTooLong, Limits.currencyCodeMax],
      [RuleMessage.hexTooLong, Limits.hexInputMaxDigits],
      [RuleMessage.timePeriodTooMany, Limits.timeSlots],
      [RuleMessage.shortcutsTooMany, Limits.shortcuts],
      [RuleMessage.verificationCodeInvalid, Limits.verificationCodeLength],
    ];
    for (const [key, limit] of quoted) {
      for (const language of ['EN', 'CN', 'DE', 'ITA']) {
        expect(tables[language]![key], `${language} ${key}`).toContain(String(limit));
      }
    }
  });
});

describe('helpers', () => {
  it('firstFailure returns the first non-null result', () => {
    expect(firstFailure(null, RuleMessage.digitsOnly, RuleMessage.hexInvalid)).toBe(RuleMessage.digitsOnly);
    expect(firstFailure(null, null)).toBeNull();
    expect(firstFailure()).toBeNull();
  });

  it('codePointLength counts astral characters once', () => {
    expect(codePointLength('a😀中')).toBe(3);
  });

  it('isBlank treats whitespace as blank', () => {
    expect(isBlank(' \t')).toBe(true);
    expect(isBlank('0')).toBe(false);
  });
});
