import { describe, expect, it } from 'vitest';
import {
  COMMAND_NAMES,
  COMMAND_STATE_COLOR,
  COMMAND_STATE_LABEL,
  DEVICE_ERROR_CODES,
  combineStates,
  commandNameKey,
  deviceErrorKey,
  deviceErrorText,
  isOpenState,
  isRetryable,
  phaseOf,
} from './commandStates';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const LOCALES = join(__dirname, '../../../../../packages/contracts/locales/web-remote');
const table = (language: string): Record<string, string> =>
  JSON.parse(readFileSync(join(LOCALES, `${language}.json`), 'utf8')) as Record<string, string>;

describe('command states', () => {
  it('fold the commands of one call into one state as the server does', () => {
    expect(combineStates(['DONE', 'DONE'])).toBe('DONE');
    expect(combineStates([])).toBe('DONE');
    expect(combineStates(['DONE', 'ACKNOWLEDGED', 'SENT'])).toBe('SENT');
    expect(combineStates(['ACKNOWLEDGED', 'PENDING'])).toBe('PENDING');
    expect(combineStates(['DONE', 'EXPIRED', 'SENT'])).toBe('EXPIRED');
    expect(combineStates(['EXPIRED', 'FAILED'])).toBe('FAILED');
  });

  it('map to the phase the user sees, and only failed or expired ones can be retried', () => {
    expect(['PENDING', 'SENT', 'ACKNOWLEDGED'].every((s) => isOpenState(s as 'SENT'))).toBe(true);
    expect(isOpenState('DONE')).toBe(false);
    expect(phaseOf('ACKNOWLEDGED')).toBe('waiting');
    expect(phaseOf('DONE')).toBe('done');
    expect(phaseOf('FAILED')).toBe('failed');
    expect(phaseOf('EXPIRED')).toBe('expired');
    expect(isRetryable('FAILED')).toBe(true);
    expect(isRetryable('EXPIRED')).toBe(true);
    expect(isRetryable('DONE')).toBe(false);
    expect(isRetryable('SENT')).toBe(false);
    expect(COMMAND_STATE_COLOR.FAILED).toBe('error');
    expect(COMMAND_STATE_COLOR.DONE).toBe('success');
  });

  it('translate a device error code, and show an unknown one as sent with the detail', () => {
    const en = table('EN');
    const t = (key: string): string => en[key] ?? `?${key}`;
    expect(deviceErrorText(t, 'not-in-standby')).toBe('Factory reset requires standby mode');
    expect(deviceErrorText(t, 'out-of-range', 'value 120 > 100')).toBe(
      `${en['commandCentre.error.out-of-range']!} (value 120 > 100)`,
    );
    expect(deviceErrorText(t, 'flux-capacitor')).toBe('flux-capacitor');
    expect(deviceErrorKey('flux-capacitor')).toBeNull();
    expect(deviceErrorText(t, null)).toBe('');
    expect(commandNameKey('register.write')).toBe('commandCentre.name.register.write');
    expect(commandNameKey('made.up')).toBeNull();
  });

  it('have a text for every state, command name and error code in all four languages', () => {
    const keys = [
      ...Object.values(COMMAND_STATE_LABEL),
      ...COMMAND_NAMES.map((n) => commandNameKey(n)!),
      ...DEVICE_ERROR_CODES.map((c) => deviceErrorKey(c)!),
    ];
    for (const language of ['EN', 'CN', 'DE', 'ITA']) {
      const texts = table(language);
      expect(
        keys.filter((k) => !(k in texts)),
        language,
      ).toEqual([]);
    }
  });
});
